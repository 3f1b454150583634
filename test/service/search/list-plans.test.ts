import { afterAll, describe, expect, it } from 'vitest';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { openFixture } from '../../helpers/fixture.js';
import { loadJobs, oracle, queryWords, type OracleHit } from './oracle.js';
import { searchCases, type Case } from './oracle-table.js';
import { PLANS, expectSameOrder, walkEngine } from './walk.js';

// Every plan of the engine over the same table of requests: each filter exists twice (FTS5
// facet tokens and SQL on jobs rows) and each order has several physical readings; all of them
// must give the oracle's answer, page by page.

const h = openFixture();
const jobs = loadJobs(h.db);
const cases = searchCases(jobs);
const expected = new Map<string, OracleHit[]>(cases.map((c) => [c.name, oracle(jobs, c.req)]));
afterAll(() => h.close());

/** Small pages, but at most about 15 of them per walk (row plans with text are slow by design). */
const limitFor = (n: number) => Math.min(100, Math.max(7, Math.ceil(n / 15)));

const FACETS = [
  'country',
  'city',
  'remote',
  'workMode',
  'employmentType',
  'seniority',
  'companyId',
  'company',
] as const;
const RANGES = ['salaryMin', 'salaryMax', 'discoveredAfter', 'verifiedAfter'] as const;
const hasFacet = (c: Case) => FACETS.some((k) => c.req.filters?.[k] !== undefined);
const hasRange = (c: Case) => RANGES.some((k) => c.req.filters?.[k] !== undefined);
const hasText = (c: Case) => queryWords(c.req.query ?? '').length > 0;
const ROW_PLANS = new Set(['table-walk', 'index-walk']);
const BOUNDED = new Set(['bounded-walk', 'bounded-walk+fts-materialize', 'bounded-walk+index-walk']);
/** Which readings the bounded walk used: with a budget of 20 entries, its fallbacks must occur. */
const boundedSeen = new Set<string>();

describe.each(PLANS)('with forcePlan = %s, every case equals the oracle', (plan) => {
  // A walk of twenty entries at most, so the fallback after it runs on the small fixture too.
  const forced = new JobSearch(h.db, { forcePlan: plan, ...(plan === 'bounded-walk' ? { walkBudget: 20 } : {}) });
  afterAll(() => {
    if (plan === 'bounded-walk') expect(boundedSeen).toContain('bounded-walk+fts-materialize');
  });

  it.each(cases.map((c) => [c.name, c] as [string, Case]))('%s', (_name, c) => {
    const want = expected.get(c.name)!;
    const { ids, plans } = walkEngine(forced, c.req, limitFor(want.length));
    expectSameOrder(ids, want, `${plan}: ${c.name}`);
    // The plan asked for really ran wherever it applies, so both forms of each filter are used.
    for (const p of plans) {
      if (plan === 'fts-walk' || plan === 'fts-materialize') {
        if (hasText(c) || hasFacet(c)) expect(p.startsWith('fts-'), p).toBe(true);
        else expect(ROW_PLANS.has(p), p).toBe(true);
      } else if (plan === 'bounded-walk') {
        const ordered = c.req.filters?.sort !== undefined && !['newest', 'relevance'].includes(c.req.filters.sort);
        if (hasText(c) && ordered) {
          expect(BOUNDED.has(p), p).toBe(true);
          boundedSeen.add(p);
        } else expect(ROW_PLANS.has(p), p).toBe(true);
      } else if (plan === 'pay-walk') {
        // Only "Highest pay" has it (comparable-pay.test.ts); these sorts fall back to row plans.
        expect(ROW_PLANS.has(p), p).toBe(true);
      } else if (plan === 'range-materialize') {
        if (hasRange(c)) expect(p.startsWith('range-materialize:'), p).toBe(true);
        else expect(ROW_PLANS.has(p), p).toBe(true);
      } else {
        expect(ROW_PLANS.has(p), p).toBe(true);
      }
    }
    if (!c.empty) expect(plans.length).toBeGreaterThan(0);
  });
});

describe('forcePlan', () => {
  it('is the search of that context only: the default one still chooses by cost', () => {
    const req = { query: 'engineer' };
    expect(
      walkEngine(new JobSearch(h.db, { forcePlan: 'table-walk' }), req, 100).plans.every((p) => p === 'table-walk'),
    ).toBe(true);
    expect(walkEngine(h.ctx.search, req, 100).plans.some((p) => p !== 'table-walk')).toBe(true);
  });

  it('reaches every range index with range-materialize', () => {
    const forced = new JobSearch(h.db, { forcePlan: 'range-materialize' });
    const seen = new Set<string>();
    for (const c of cases.filter(hasRange)) for (const p of walkEngine(forced, c.req, 100).plans) seen.add(p);
    expect([...seen].sort()).toEqual(
      ['jobs_by_salary', 'jobs_by_salary_min', 'jobs_by_verified', 'rowid'].map((i) => `range-materialize:${i}`),
    );
  });
});
