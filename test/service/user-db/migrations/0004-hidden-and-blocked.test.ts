import { describe, expect, it } from 'vitest';
import { userMigrations as M } from '../../../../electron/service/user-db/migrations/index.js';
import { before, builtAt, tables, upgradeTo } from '../../sqlite/migration-steps.js';

describe('user migration 0004 (hidden-and-blocked)', () => {
  it('adds hidden jobs and blocked companies to a file of the release before, keeping what the person had', () => {
    const db = builtAt(M, before(M, 4));
    db.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('theme', '\"dark\"', 1)").run();
    const had = tables(db);
    upgradeTo(db, M, 4);
    expect(tables(db).sort()).toEqual([...had, ...['hidden_jobs', 'blocked_companies']].sort());
    expect(db.prepare("SELECT value_json FROM settings WHERE key = 'theme'").pluck().get()).toBe('"dark"');
  });
});
