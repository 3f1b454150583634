import { afterIndexMigrations } from '../../../../electron/service/index-db/after-migrate.js';
import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, putJob, schemaObjects, tables, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0010 (pay-order search)', () => {
  it('adds the pay-order search to a file of 0009, whose paid active jobs live code then indexes', () => {
    const db = builtAt(M, before(M, 10));
    putJob(db, 'paid', { min: 50_000, max: 60_000, currency: 'EUR', period: 'year' });
    putJob(db, 'unpaid');
    db.prepare("INSERT INTO job_descriptions (rid, html) SELECT rid, '<p>Build things.</p>' FROM jobs").run();
    upgradeTo(db, M, 10);
    expect(tables(db)).toContain('job_pay_search');
    expect(schemaObjects(db, 'trigger')).toEqual(
      expect.arrayContaining(['jobs_pay_search_delete', 'jobs_pay_search_inactive']),
    );
    // The migration holds no live code: it asks for the rows, and the open builds them.
    expect(db.prepare("SELECT value FROM meta WHERE key = 'after_migrate_pay_search'").pluck().get()).toBe('1');
    afterIndexMigrations(db);
    expect(db.prepare("SELECT count(*) FROM meta WHERE key LIKE 'after_migrate_%'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT id FROM jobs WHERE pay_rowid IS NOT NULL').pluck().all()).toEqual(['paid']);
    expect(db.prepare("SELECT count(*) FROM job_pay_search WHERE job_pay_search MATCH 'engineer'").pluck().get()).toBe(
      1,
    );
    // Expiring the job drops its row (the triggers).
    db.exec("UPDATE jobs SET status = 'expired', expired_at = 1 WHERE id = 'paid'");
    expect(db.prepare("SELECT count(*) FROM job_pay_search WHERE job_pay_search MATCH 'engineer'").pluck().get()).toBe(
      0,
    );
  });
});
