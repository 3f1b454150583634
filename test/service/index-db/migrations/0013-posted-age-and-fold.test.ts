import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, columns, putJob, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0013 (posted age and fold marks)', () => {
  it("adds the age column (the board's date, never later than first seen) and asks for a refold of the jobs it holds", () => {
    const db = builtAt(M, before(M, 13));
    putJob(db, 'dated');
    putJob(db, 'undated');
    const seen = Date.UTC(2026, 9, 1);
    db.prepare("UPDATE jobs SET posted_at = ? WHERE id = 'dated'").run(Date.UTC(2020, 3, 6));
    upgradeTo(db, M, 13);
    expect(columns(db, 'jobs')).toEqual(expect.arrayContaining(['fold_bucket', 'fold_key']));
    const age = db.prepare<[string], number>('SELECT posted_sort FROM jobs WHERE id = ?').pluck();
    expect(age.get('dated')).toBe(Date.UTC(2020, 3, 6));
    expect(age.get('undated')).toBe(seen);
    // The fold itself is today's rules, run after the migrations (after-migrate.ts).
    expect(db.prepare("SELECT value FROM meta WHERE key = 'after_migrate_refold'").pluck().get()).toBe('1');
  });

  it('asks for no refold of an empty file', () => {
    const db = builtAt(M, before(M, 13));
    upgradeTo(db, M, 13);
    expect(db.prepare("SELECT count(*) FROM meta WHERE key = 'after_migrate_refold'").pluck().get()).toBe(0);
  });
});
