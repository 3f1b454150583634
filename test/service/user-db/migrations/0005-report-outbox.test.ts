import { describe, expect, it } from 'vitest';
import { userMigrations as M } from '../../../../electron/service/user-db/migrations/index.js';
import { before, builtAt, tables, upgradeTo } from '../../sqlite/migration-steps.js';

describe('user migration 0005 (report-outbox)', () => {
  it('adds the report outbox (AUTOINCREMENT: with sqlite_sequence) and the secrets to a file of the release before, keeping what the person had', () => {
    const db = builtAt(M, before(M, 5));
    db.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('theme', '\"dark\"', 1)").run();
    const had = tables(db);
    upgradeTo(db, M, 5);
    expect(tables(db).sort()).toEqual([...had, ...['report_outbox', 'secrets', 'sqlite_sequence']].sort());
    expect(db.prepare("SELECT value_json FROM settings WHERE key = 'theme'").pluck().get()).toBe('"dark"');
  });
});
