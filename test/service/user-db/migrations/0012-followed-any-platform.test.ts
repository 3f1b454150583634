import { describe, expect, it } from 'vitest';
import { userMigrations as M } from '../../../../electron/service/user-db/migrations/index.js';
import { before, builtAt, upgradeTo } from '../../sqlite/migration-steps.js';

describe('user migration 0012 (followed boards on any platform)', () => {
  const follow = (db: ReturnType<typeof builtAt>, key: string, platform: string, token: string) =>
    db.prepare('INSERT INTO followed_boards VALUES (?, ?, ?, NULL, ?, 1)').run(key, platform, token, key);

  it('keeps every followed board of the release before and then takes a Workday board', () => {
    const db = builtAt(M, before(M, 12));
    follow(db, 'greenhouse:acme', 'greenhouse', 'acme');
    db.prepare(
      "INSERT INTO followed_boards VALUES ('recruitee-eu:beta', 'recruitee', 'beta', 'eu', 'https://beta.recruitee.com', 2)",
    ).run();
    // The release before refused a platform outside its list.
    expect(() => follow(db, 'workday:acme.wd5/Careers', 'workday', 'acme.wd5/Careers')).toThrow(
      /CHECK constraint failed/,
    );
    upgradeTo(db, M, 12);
    expect(
      db.prepare('SELECT key, platform, token, region, input, followed_at FROM followed_boards ORDER BY key').all(),
    ).toEqual([
      {
        key: 'greenhouse:acme',
        platform: 'greenhouse',
        token: 'acme',
        region: null,
        input: 'greenhouse:acme',
        followed_at: 1,
      },
      {
        key: 'recruitee-eu:beta',
        platform: 'recruitee',
        token: 'beta',
        region: 'eu',
        input: 'https://beta.recruitee.com',
        followed_at: 2,
      },
    ]);
    follow(db, 'workday:acme.wd5/Careers', 'workday', 'acme.wd5/Careers');
    expect(() => follow(db, 'x:y', '', 'y')).toThrow(/CHECK constraint failed/);
    expect(() => db.prepare("INSERT INTO followed_boards VALUES ('q', 'lever', 'q', 'us', 'q', 1)").run()).toThrow(
      /CHECK constraint failed/,
    );
  });
});
