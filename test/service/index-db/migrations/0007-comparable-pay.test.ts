import { describe, expect, it } from 'vitest';
import { indexMigrations as M } from '../../../../electron/service/index-db/migrations/index.js';
import { before, builtAt, columns, putJob, upgradeTo } from '../../sqlite/migration-steps.js';

describe('index migration 0007 (comparable pay)', () => {
  it('gives a file of 0004 yearly euro pay for the salaries it holds, and new jobs theirs', () => {
    const db = builtAt(M, before(M, 7));
    expect(before(M, 7)).toBe(4);
    putJob(db, 'paid', { min: 100_000, max: 117_200, currency: 'USD', period: 'year' });
    putJob(db, 'unpaid');
    upgradeTo(db, M, 7);
    expect(columns(db, 'jobs')).toEqual(expect.arrayContaining(['pay_min_eur', 'pay_max_eur', 'pay_sort']));
    const pay = (id: string) => db.prepare('SELECT pay_min_eur, pay_max_eur, pay_sort FROM jobs WHERE id = ?').get(id);
    // The rates it shipped with: 1.172 USD per euro.
    expect(pay('paid')).toEqual({ pay_min_eur: 85_324, pay_max_eur: 100_000, pay_sort: 100_000 });
    expect(pay('unpaid')).toEqual({ pay_min_eur: null, pay_max_eur: null, pay_sort: -1 });
    // The trigger prices a job written later; a monthly salary counts twelve times.
    putJob(db, 'monthly', { min: 5000, max: 5000, currency: 'EUR', period: 'month' });
    expect(pay('monthly')).toEqual({ pay_min_eur: 60_000, pay_max_eur: 60_000, pay_sort: 60_000 });
    expect(db.prepare("SELECT value FROM meta WHERE key = 'exchange_rates_as_of'").pluck().get()).toBe('2025-06-30');
    // It asks live code to bring newer shipped rates, should the app have any (after-migrate.ts).
    expect(db.prepare("SELECT value FROM meta WHERE key = 'after_migrate_shipped_rates'").pluck().get()).toBe('1');
  });
});
