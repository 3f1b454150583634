import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, upgradeTo } from '../../sqlite/migration-steps.js';

const flag = (db: ReturnType<typeof builtAt>) =>
  db.prepare("SELECT value FROM meta WHERE key = 'after_migrate_pay_search'").pluck().get();

describe('index migration 0011 (pay-floor cells)', () => {
  it("asks for a rebuild of a 0010 file whose rows carry the old ladder's rungs", () => {
    const db = builtAt(M, before(M, 11));
    db.exec("DELETE FROM meta WHERE key = 'after_migrate_pay_search'"); // as an open after 0010 left it
    db.prepare(
      "INSERT INTO job_pay_search (rowid, title, company, description, facets) VALUES (1, 'x', 'x', 'x', 'xpl350')",
    ).run();
    upgradeTo(db, M, 11);
    expect(flag(db)).toBe('1');
  });

  it('leaves a 0010 file built with cells alone', () => {
    const db = builtAt(M, before(M, 11));
    db.exec("DELETE FROM meta WHERE key = 'after_migrate_pay_search'");
    db.prepare(
      "INSERT INTO job_pay_search (rowid, title, company, description, facets) VALUES (1, 'x', 'x', 'x', 'xpf1c2')",
    ).run();
    upgradeTo(db, M, 11);
    expect(flag(db)).toBeUndefined();
  });
});
