import { describe, expect, it } from 'vitest';
import { userMigrations as M } from '../../../../electron/service/user-db/migrations/index.js';
import { SavedJobs } from '#service/user-db/saved-jobs';
import type { UserDb } from '#service/user-db/open-user-db';
import { before, builtAt, columns, upgradeTo } from '../../sqlite/migration-steps.js';

describe('user migration 0013 (the source of a close, boards to check)', () => {
  it("keeps a 0012 file's saved jobs, closed ones with no source, and then records a close's source once", () => {
    const db = builtAt(M, before(M, 13));
    const insert = db.prepare(
      `INSERT INTO saved_jobs (job_id, snapshot_json, title, company_name, stage, saved_at, updated_at, closed_at)
       VALUES (?, '{}', ?, 'Acme', 'applied', 1, 2, ?)`,
    );
    insert.run('a', 'Open one', null);
    insert.run('b', 'Closed before', 50);
    upgradeTo(db, M, 13);
    expect(columns(db, 'saved_jobs')).toContain('closed_by');
    expect(
      db.prepare('SELECT job_id, title, stage, closed_at, closed_by FROM saved_jobs ORDER BY job_id').all(),
    ).toEqual([
      { job_id: 'a', title: 'Open one', stage: 'applied', closed_at: null, closed_by: null },
      { job_id: 'b', title: 'Closed before', stage: 'applied', closed_at: 50, closed_by: null },
    ]);
    const saved = new SavedJobs(db as unknown as UserDb);
    // The first close names its source; a later close by another source changes neither.
    saved.recordClosed('a', 100, 100, 'board:greenhouse:acme');
    saved.recordClosed('a', 200, 200, 'upstream:https://jobs.example.com');
    // A close recorded before 0013 takes the name of the next source that confirms it.
    saved.recordClosed('b', 300, 300, 'upstream:https://jobs.example.com');
    expect(db.prepare('SELECT job_id, closed_at, closed_by FROM saved_jobs ORDER BY job_id').all()).toEqual([
      { job_id: 'a', closed_at: 100, closed_by: 'board:greenhouse:acme' },
      { job_id: 'b', closed_at: 50, closed_by: 'upstream:https://jobs.example.com' },
    ]);
  });
});

describe('user migration 0013: followed boards', () => {
  it("keeps a 0012 file's followed boards, confirmed, and takes a board to check later", () => {
    const db = builtAt(M, before(M, 13));
    db.prepare(
      "INSERT INTO followed_boards VALUES ('lever:moo', 'lever', 'moo', NULL, 'https://jobs.lever.co/moo', 5)",
    ).run();
    upgradeTo(db, M, 13);
    expect(db.prepare('SELECT key, input, followed_at, unchecked FROM followed_boards').all()).toEqual([
      { key: 'lever:moo', input: 'https://jobs.lever.co/moo', followed_at: 5, unchecked: null },
    ]);
    db.prepare(
      "INSERT INTO followed_boards (key, platform, token, region, input, followed_at, unchecked) VALUES ('greenhouse:luno', 'greenhouse', 'luno', NULL, 'greenhouse:luno', 6, 'Greenhouse could not be reached (503)')",
    ).run();
    expect(db.prepare("SELECT unchecked FROM followed_boards WHERE key = 'greenhouse:luno'").pluck().get()).toMatch(
      /503/,
    );
  });
});
