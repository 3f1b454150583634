import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#service/index-db/records';
import { JobSearch } from '#service/index-db/search/job-search';
import { payGroup, PAY_KEY_SPAN } from '#service/index-db/search/pay-key';
import { setExchangeRates } from '#service/index-db/write/exchange-rates';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { SHIPPED_RATES } from '#shared/pay/exchange-rates';
import { generateCorpus } from '#tools/generate/corpus';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';
import { walkEngine } from './walk.js';

// job_pay_search (migration 0010) kept by every writer: after each change, "Highest pay" with
// text (read from it) gives the same pages as the plain plan (text materialized from job_search).

let h: Harness;
let writer: IndexWriter;
let plain: JobSearch;
let job: JobRecord;

const ENGINEER = { query: 'engineer', filters: { sort: 'pay_desc' } } as never;
const ids = (s: JobSearch, limit = 9) => walkEngine(s, ENGINEER, limit);

/** The pay walk's pages equal the plain plan's, and every active job with a pay has its row. */
function expectConsistent(): string[] {
  refreshStats(h.db, FIXTURE.now);
  const got = ids(h.ctx.search);
  expect(got.plans).toContain('pay-walk');
  expect(got.ids).toEqual(ids(plain).ids);
  const rows = h.db.prepare("SELECT pay_sort AS pay, pay_rowid AS key, status FROM jobs WHERE pay_sort >= 0 OR pay_rowid IS NOT NULL").all() as Array<{ pay: number; key: number | null; status: string }>;
  for (const r of rows) {
    if (r.status !== 'active') expect(r.key).toBeNull();
    else expect(Math.floor(r.key! / PAY_KEY_SPAN)).toBe(payGroup(r.pay));
  }
  return got.ids;
}

const withPay = (max: number | undefined): JobRecord => {
  const { salary, ...rest } = job;
  return max === undefined ? rest : { ...rest, salary: { min: Math.floor(max / 2), max, currency: 'EUR', period: 'year' } };
};

beforeAll(() => {
  h = openFixture({ writable: true });
  writer = new IndexWriter(h.db);
  plain = new JobSearch(h.db, { forcePlan: 'fts-materialize' });
  for (const j of generateCorpus(FIXTURE).jobs()) {
    if (j.status === 'active' && j.salary && /engineer/i.test(j.title)) {
      job = j;
      break;
    }
  }
});
afterAll(() => h.close());

describe('"Highest pay" with text follows every change of the index', () => {
  it('as built', () => {
    expectConsistent();
  });

  it('a job whose pay changes by sync moves to its new place, and out of the paid ones', () => {
    writer.transaction(() => writer.upsertJob(withPay(9_000_000)));
    expect(expectConsistent()[0]).toBe(job.id);
    writer.transaction(() => writer.upsertJob(withPay(1)));
    const low = expectConsistent();
    expect(low[0]).not.toBe(job.id);
    writer.transaction(() => writer.upsertJob(withPay(undefined)));
    expect(h.db.prepare('SELECT pay_rowid FROM jobs WHERE id = ?').pluck().get(job.id)).toBeNull();
    expect(expectConsistent()).toContain(job.id);
  });

  it('an expired or deleted job leaves it', () => {
    writer.transaction(() => writer.upsertJob(withPay(9_000_000)));
    expectConsistent();
    writer.transaction(() => writer.expireJob(job.id, FIXTURE.now));
    expect(expectConsistent()).not.toContain(job.id);
    writer.transaction(() => writer.upsertJob({ ...withPay(9_000_000), status: 'active' }));
    expect(expectConsistent()[0]).toBe(job.id);
    writer.transaction(() => writer.deleteJob(job.id));
    expect(expectConsistent()).not.toContain(job.id);
  });

  it('a renamed company is searched by its new name', () => {
    const c = h.db.prepare("SELECT c.id, c.slug, c.name FROM companies c JOIN jobs j ON j.company_cid = c.cid WHERE j.status = 'active' AND j.pay_sort >= 0 LIMIT 1").get() as { id: string; slug: string; name: string };
    const company = generateCorpus(FIXTURE).companies.find((x) => x.id === c.id)!;
    writer.transaction(() => writer.upsertCompany({ ...company, name: 'Zanzibarian Quillworks' }));
    refreshStats(h.db, FIXTURE.now);
    for (const query of ['quillworks', c.name]) {
      const req = { query, filters: { sort: 'pay_desc' } } as never;
      const got = walkEngine(h.ctx.search, req, 3);
      expect(got.ids).toEqual(walkEngine(plain, req, 3).ids);
      if (query === 'quillworks') expect(got.ids.length).toBeGreaterThan(0);
    }
  });

  it('newer exchange rates rewrite every place', () => {
    setExchangeRates(h.db, {
      asOf: '2026-11-02',
      source: 'test',
      perEur: Object.fromEntries(Object.entries(SHIPPED_RATES.perEur).map(([c, r]) => [c, c === 'EUR' ? r : r / 3])),
    });
    expectConsistent();
  });
});
