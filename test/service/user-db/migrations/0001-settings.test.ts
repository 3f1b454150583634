import { describe, expect, it } from 'vitest';
import { userMigrations as M } from '../../../../electron/service/user-db/migrations/index.js';
import { before, builtAt, tables, upgradeTo } from '../../sqlite/migration-steps.js';

describe('user migration 0001 (settings)', () => {
  it('makes a new file a user file with its settings table', () => {
    const db = builtAt(M, before(M, 1));
    upgradeTo(db, M, 1);
    expect(tables(db)).toEqual(['settings']);
    db.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('theme', '\"dark\"', 1)").run();
    expect(db.prepare("SELECT value_json FROM settings WHERE key = 'theme'").pluck().get()).toBe('"dark"');
  });
});
