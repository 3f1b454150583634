import { describe, expect, it } from 'vitest';
import { userMigrations as M } from '../../../../electron/service/user-db/migrations/index.js';
import { FollowedBoards } from '../../../../electron/service/user-db/followed-boards.js';
import type { UserDb } from '#service/user-db/open-user-db';
import { before, builtAt, columns, upgradeTo } from '../../sqlite/migration-steps.js';

describe('user migration 0014 (the directory set a board came with)', () => {
  it("keeps a 0013 file's followed boards with no set, then records the set a board is followed with", () => {
    const db = builtAt(M, before(M, 14));
    db.prepare(
      "INSERT INTO followed_boards (key, platform, token, region, input, followed_at, unchecked) VALUES ('lever:moo', 'lever', 'moo', NULL, 'https://jobs.lever.co/moo', 5, NULL)",
    ).run();
    upgradeTo(db, M, 14);
    expect(columns(db, 'followed_boards')).toContain('directory_set');
    const boards = new FollowedBoards(db as unknown as UserDb, () => 9);
    expect(boards.get('lever:moo')).toMatchObject({ input: 'https://jobs.lever.co/moo', directory_set: null });
    boards.followMany(
      [{ ref: { platform: 'greenhouse', token: 'luno' }, input: 'greenhouse:luno' }],
      'Named by every list',
    );
    // Following a board of a set again (alone) keeps the first row, and its set.
    boards.follow({ platform: 'greenhouse', token: 'LUNO' }, 'https://job-boards.greenhouse.io/luno');
    expect(db.prepare('SELECT key, input, directory_set FROM followed_boards ORDER BY key').all()).toEqual([
      { key: 'greenhouse:luno', input: 'greenhouse:luno', directory_set: 'Named by every list' },
      { key: 'lever:moo', input: 'https://jobs.lever.co/moo', directory_set: null },
    ]);
  });
});
