import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { setExchangeRates } from '../../../electron/service/index-db/write/exchange-rates.js';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { PERIODS_PER_YEAR, annualEur, fromEur } from '#shared/pay/annual-pay';
import { SHIPPED_RATES, type ExchangeRates } from '#shared/pay/exchange-rates';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';
import { byNewest, loadJobs, matchesFilters, oracle, type OracleJob } from './oracle.js';
import { PLANS, expectSameOrder, walkEngine } from './walk.js';

// Comparable pay (docs/decisions/comparable-pay.md): the conversion rule, and the pay_desc sort
// and payMin / payMax filters against a plain model of it, through every plan.

describe('the conversion rule', () => {
  it('turns periods into a year: 40-hour weeks, 5-day weeks, 52 weeks, 12 months', () => {
    expect(PERIODS_PER_YEAR).toEqual({ hour: 2080, day: 260, week: 52, month: 12, year: 1 });
    const eurOnly: ExchangeRates = { asOf: '2025-06-30', source: 't', perEur: { EUR: 1, USD: 1.25, KRW: 1500 } };
    expect(annualEur(40, 'USD', 'hour', eurOnly)).toBe(66_560); // 40 × 2080 / 1.25
    expect(annualEur(15_900, 'EUR', 'month', eurOnly)).toBe(190_800);
    expect(annualEur(107_101_000, 'KRW', 'year', eurOnly)).toBe(71_401);
    expect(fromEur(71_401, 'USD', eurOnly)).toBe(89_251);
  });

  it('never invents a figure for a currency or period it does not know', () => {
    expect(annualEur(100, 'XAU', 'year', SHIPPED_RATES)).toBeUndefined();
    expect(annualEur(100, 'USD', 'fortnight', SHIPPED_RATES)).toBeUndefined();
  });

  it('ships a dated table that says where it comes from', () => {
    expect(SHIPPED_RATES.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(SHIPPED_RATES.source).toMatch(/ECB/);
    expect(SHIPPED_RATES.perEur.EUR).toBe(1);
  });
});

let h: Harness;
let jobs: OracleJob[];
const raw = (h: Harness) =>
  new Map(
    (
      h.db.prepare('SELECT id, salary_min, salary_max, salary_currency, salary_period FROM jobs').all() as Array<{
        id: string;
        salary_min: number | null;
        salary_max: number | null;
        salary_currency: string | null;
        salary_period: string | null;
      }>
    ).map((r) => [r.id, r]),
  );
let salaries: ReturnType<typeof raw>;

beforeAll(() => {
  h = openFixture({ writable: true });
  jobs = loadJobs(h.db);
  salaries = raw(h);
});
afterAll(() => h.close());

/** The model: a job's comparable yearly range in euros, whole euros, or undefined. */
function payEur(j: OracleJob, end: 'salary_min' | 'salary_max', rates: ExchangeRates): number | undefined {
  const s = salaries.get(j.id)!;
  if (s[end] === null) return undefined;
  return annualEur(s[end]!, s.salary_currency!, s.salary_period!, rates);
}

interface PayReq {
  query?: string;
  payMin?: number;
  payMax?: number;
  payCurrency?: string;
  country?: string;
  sort?: string;
}

/** The request JobsService.List gets for a case. */
const request = ({ query, ...filters }: PayReq) => ({ ...(query ? { query } : {}), filters }) as never;

function model(req: PayReq, rates: ExchangeRates = SHIPPED_RATES): OracleJob[] {
  const { query, payMin, payMax, payCurrency, ...spec } = req;
  // Text as the plain oracle matches it (any relevance tier).
  const text =
    query === undefined
      ? undefined
      : new Set(oracle(jobs, { query, filters: { sort: 'newest' } }).map((x) => x.job.id));
  const shown = (eur: number | undefined) => (eur === undefined ? undefined : fromEur(eur, payCurrency!, rates)!);
  const hits = jobs.filter((j) => {
    if (!matchesFilters(j, { ...spec, sort: undefined } as never)) return false;
    if (text && !text.has(j.id)) return false;
    if (payMin !== undefined && !((shown(payEur(j, 'salary_max', rates)) ?? -Infinity) >= payMin)) return false;
    if (payMax !== undefined && !((shown(payEur(j, 'salary_min', rates)) ?? Infinity) <= payMax)) return false;
    return true;
  });
  if (req.sort === 'pay_desc') {
    return hits.sort(
      (a, b) => (payEur(b, 'salary_max', rates) ?? -1) - (payEur(a, 'salary_max', rates) ?? -1) || byNewest(a, b),
    );
  }
  return hits.sort(byNewest);
}

const CASES: PayReq[] = [
  { sort: 'pay_desc' },
  { sort: 'pay_desc', country: 'PL' },
  { payMin: 50_000, payCurrency: 'USD' },
  { payMin: 50_000, payCurrency: 'USD', sort: 'pay_desc' },
  { payMax: 40_000, payCurrency: 'EUR' },
  { payMin: 30_000, payMax: 60_000, payCurrency: 'GBP', sort: 'pay_desc' },
  { payMin: 5_000_000, payCurrency: 'JPY', country: 'US' },
  { payMin: 120_000, payCurrency: 'usd', sort: 'salary_desc' },
  // Text under "Highest pay" (job_pay_search, migration 0010): the pages run on into the jobs
  // without a pay, which the pay filters drop.
  { query: 'engineer', sort: 'pay_desc' },
  { query: 'nurse', sort: 'pay_desc', country: 'US' },
  { query: 'manager', sort: 'pay_desc', country: 'DE' },
  { query: 'engineer', payMin: 60_000, payCurrency: 'USD', sort: 'pay_desc' },
  { query: 'engineer', payMax: 50_000, payCurrency: 'EUR', sort: 'pay_desc' },
  { query: 'manager', payMin: 30_000, payMax: 90_000, payCurrency: 'GBP', sort: 'pay_desc' },
  // payMax under "Highest pay" reads each pay-floor band below it and merges them.
  { payMax: 60_000, payCurrency: 'USD', sort: 'pay_desc' },
  { payMax: 45_000, payCurrency: 'EUR', country: 'DE', sort: 'pay_desc' },
  { payMax: 2_000_000, payCurrency: 'EUR', sort: 'pay_desc' },
];

describe.each(PLANS)('with forcePlan = %s, pay sort and filters equal the model', (plan) => {
  let forced: JobSearch;
  beforeAll(() => {
    forced = new JobSearch(h.db, { forcePlan: plan });
  });
  it.each(CASES.map((c) => [JSON.stringify(c), c] as const))('%s', (_n, c) => {
    const want = model({ ...c, payCurrency: c.payCurrency?.toUpperCase() });
    if (c.sort === 'salary_desc') {
      // The spec's sort keeps its raw meaning beside our filter.
      want.sort((a, b) => (b.salaryMax ?? -1) - (a.salaryMax ?? -1) || byNewest(a, b));
    }
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(
      jobs.filter((j) => j.status === 'active').length + (c.payMin || c.payMax || c.country || c.query ? 0 : 1),
    );
    expectSameOrder(
      walkEngine(forced, request(c), 100).ids,
      want.map((job) => ({ job })),
      `${plan} ${JSON.stringify(c)}`,
    );
  });
});

describe('text and payMax under "Highest pay" in pay order (job_pay_search)', () => {
  const TEXT = CASES.filter((c) => (c.query || c.payMax) && c.sort === 'pay_desc');
  it.each(TEXT.flatMap((c) => [1, 3, 7].map((n) => [JSON.stringify(c), n, c] as const)))(
    '%s, pages of %i',
    (_n, limit, c) => {
      const want = model({ ...c, payCurrency: c.payCurrency?.toUpperCase() });
      const { ids, plans } = walkEngine(h.ctx.search, request(c), limit);
      expectSameOrder(
        ids,
        want.map((job) => ({ job })),
        `${JSON.stringify(c)} by ${limit}`,
      );
      expect(plans).toContain('pay-walk');
      // Without a pay filter the walk goes on into the jobs without a pay, by the other plans.
      if (!c.payMin && !c.payMax) expect(plans.some((p) => p !== 'pay-walk')).toBe(true);
    },
  );

  it('has jobs of equal pay among its matches, so pages end inside a tie', () => {
    const want = model({ query: 'engineer', sort: 'pay_desc' });
    const pay = want.map((j) => payEur(j, 'salary_max', SHIPPED_RATES)).filter((p) => p !== undefined);
    expect(pay.some((p, i) => i > 0 && p === pay[i - 1])).toBe(true);
  });
});

describe('what "Highest pay" fixes', () => {
  it('puts no hourly or monthly job below a yearly one it out-earns; the spec sort compares raw numbers', async () => {
    const top = await h.jobs.list({ query: { filters: { sort: 'pay_desc' }, limit: 20 } });
    const eur = top.data.map((c) => annualEur(c.salary!.max, c.salary!.currency, c.salary!.period, SHIPPED_RATES)!);
    expect(eur).toEqual([...eur].sort((a, b) => b - a));
    const raw = await h.jobs.list({ query: { filters: { sort: 'salary_desc' }, limit: 5 } });
    // The raw sort leads with the biggest number, whatever its currency (yen, rupees).
    expect(raw.data[0]!.salary!.max).toBeGreaterThanOrEqual(top.data[0]!.salary!.max);
    expect(['JPY', 'INR', 'KRW']).toContain(raw.data[0]!.salary!.currency);
  });
});

describe('bad pay requests name the field', () => {
  it.each([
    [{ payMin: 1000 }, 'query.filters.payCurrency: is required with payMin or payMax'],
    [{ payMin: 1000, payCurrency: 'ZZZ' }, 'query.filters.payCurrency: must be a currency of the exchange-rate table'],
    [{ payMax: -1, payCurrency: 'EUR' }, 'query.filters.payMax: must be a whole number from 0 to 9007199254740991'],
    [{ sort: 'pay_up' }, 'query.filters.sort: must be one of'],
  ])('%j', async (filters, message) => {
    const res = await h.postJson('/svc.jobs.v1.JobsService/List', { query: { filters } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});

describe('newer rates', () => {
  it('recompute every job, and the filters follow', () => {
    const doubled: ExchangeRates = {
      asOf: '2026-11-01',
      source: 'test',
      perEur: Object.fromEntries(Object.entries(SHIPPED_RATES.perEur).map(([c, r]) => [c, c === 'USD' ? r * 2 : r])),
    };
    setExchangeRates(h.db, doubled);
    refreshStats(h.db, FIXTURE.now);
    const req: PayReq = { payMin: 100_000, payCurrency: 'EUR', sort: 'pay_desc' };
    expectSameOrder(
      walkEngine(h.ctx.search, { filters: req } as never, 100).ids,
      model(req, doubled).map((job) => ({ job })),
      'after new rates',
    );
    expect(model(req, doubled).length).toBeLessThan(model(req).length);
  });
});
