import { describe, expect, it } from 'vitest';
import { userMigrations as M } from '../../../../electron/service/user-db/migrations/index.js';
import { before, builtAt, columns, upgradeTo } from '../../sqlite/migration-steps.js';

describe('user migration 0007 (search alerts)', () => {
  it("turns alerts on for a 0006 file's saved searches, none announced yet, keeping them", () => {
    const db = builtAt(M, before(M, 7));
    db.prepare(
      "INSERT INTO saved_searches (id, name, query_json, created_at, opened_at, baseline_ms) VALUES ('s1', 'Remote Go', '{\"query\":\"go\"}', 1, 2, 3)",
    ).run();
    upgradeTo(db, M, 7);
    expect(columns(db, 'saved_searches')).toEqual(expect.arrayContaining(['alerts', 'alerted_ms']));
    expect(
      db.prepare("SELECT name, query_json, baseline_ms, alerts, alerted_ms FROM saved_searches WHERE id = 's1'").get(),
    ).toEqual({
      name: 'Remote Go',
      query_json: '{"query":"go"}',
      baseline_ms: 3,
      alerts: 1,
      alerted_ms: 0,
    });
    expect(() => db.exec("UPDATE saved_searches SET alerts = 2 WHERE id = 's1'")).toThrow(/constraint/i);
  });
});
