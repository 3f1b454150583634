import { afterAll, describe, expect, it } from 'vitest';
import { normalizeJobQuery } from '#shared/rules/job-query';
import { openFixture } from '../../helpers/fixture.js';
import { byNewest, loadJobs, oracle, tierOf, wordsOf, type OracleJob } from './oracle.js';
import { searchCases, type Case } from './oracle-table.js';
import { expectSameOrder, walkRpc } from './walk.js';

// JobsService.List against an independent model of the spec: for every request of the table,
// walking all pages returns exactly the model's jobs in the model's order, whichever plan runs.

const h = openFixture();
const jobs: OracleJob[] = loadJobs(h.db);
const active = jobs.filter((j) => j.status === 'active');
const cases = searchCases(jobs);
afterAll(() => h.close());

const EPOCH_2000 = Date.UTC(2000, 0, 1);
const LIMIT = 7;

describe('the fixture and the oracle', () => {
  it('has active and expired jobs', () => {
    expect(active.length).toBeGreaterThan(2000);
    expect(jobs.length - active.length).toBeGreaterThan(50);
  });

  it('has no two jobs sharing a discovery second and id prefix (rid = second << 22 | 22 id bits)', () => {
    // The oracle orders `newest` by (second, id bits); the engine by rid. They agree only if no
    // rid had to move off its preferred value because of a collision.
    const keys = new Set(jobs.map((j) => `${j.second}:${j.idBits}`));
    expect(keys.size).toBe(jobs.length);
    for (const j of jobs) expect(j.rid).toBe((j.second - EPOCH_2000 / 1000) * 2 ** 22 + j.idBits);
  });

  it('makes every case of the table meaningful', () => {
    for (const c of cases) {
      const n = oracle(jobs, c.req).length;
      if (c.empty) expect(n, c.name).toBe(0);
      else expect(n, c.name).toBeGreaterThan(0);
      // A filter that keeps everything would test nothing.
      if (c.req.filters && Object.keys(c.req.filters).some((k) => k !== 'sort') && !c.empty) {
        expect(n, c.name).toBeLessThan(active.length);
      }
    }
  });

  it('exercises every relevance tier, ties in every keyed sort, and the date boundaries', () => {
    const tiers = (q: string) => [0, 1, 2].map((t) => oracle(jobs, { query: q }).filter((x) => x.tier === t).length);
    const [t0, t1, t2] = tiers('software engineer');
    expect(t0).toBeGreaterThan(0);
    expect(t1).toBeGreaterThan(0);
    expect(t2).toBeGreaterThan(0);
    expect(tiers('boreal')).toEqual([0, expect.any(Number), 0]);
    expect(tiers('kubernetes')[2]).toBe(oracle(jobs, { query: 'kubernetes' }).length);
    // Ties that only the newest tie-break resolves.
    const dupes = (xs: unknown[]) => xs.length - new Set(xs).size;
    expect(dupes(active.filter((j) => j.salaryMax !== null).map((j) => j.salaryMax))).toBeGreaterThan(100);
    expect(dupes(active.map((j) => j.companyName))).toBeGreaterThan(100);
    // The inclusive boundary cases really sit on a job.
    const byName = (n: string) => cases.find((c) => c.name === n)!;
    for (const [incl, excl] of [
      ['discoveredAfter = a job (inclusive)', 'discoveredAfter = a job + 1 ms'],
      ['verifiedAfter = a job (inclusive)', 'verifiedAfter = a job + 1 ms'],
    ] as const) {
      const a = oracle(jobs, byName(incl).req).map((x) => x.job.id);
      const b = oracle(jobs, byName(excl).req).map((x) => x.job.id);
      expect(a.length).toBe(b.length + 1);
    }
  });

  it('agrees with a hand-checked reading of the rules', () => {
    // A few spot checks of the oracle itself, so that a wrong oracle cannot pass silently.
    const mk = (title: string, company: string, description: string): OracleJob => ({
      ...active[0]!,
      titleWords: wordsOf(title),
      companyWords: wordsOf(company),
      descriptionWords: wordsOf(description),
      placeWords: [],
    });
    const j = mk('Senior Software Engineer', 'Boreal Media', 'Experience with Kubernetes, based in München.');
    expect(tierOf(j, wordsOf('softw engin'))).toBe(0);
    expect(tierOf(j, wordsOf('ENGINEER, senior!'))).toBe(0);
    expect(tierOf(j, wordsOf('media engineer'))).toBe(1);
    expect(tierOf(j, wordsOf('bor'))).toBe(1);
    expect(tierOf(j, wordsOf('kubern engineer'))).toBe(2);
    expect(tierOf(j, wordsOf('munchen'))).toBe(2);
    expect(tierOf(j, wordsOf('engineering'))).toBe(-1);
    expect(tierOf(j, wordsOf('ware'))).toBe(-1);
    const m = oracle(jobs, { filters: { city: 'munchen' } });
    expect(m.every((x) => x.job.locations.some((l) => l.city === 'München'))).toBe(true);
    const lark = oracle(jobs, { filters: { company: 'lark' } });
    expect(new Set(lark.map((x) => x.job.companyName))).toEqual(new Set(['Lark Cloud', 'Lark Games']));
    const sal = oracle(jobs, { filters: { sort: 'salary_desc' } });
    expect(sal.at(-1)!.job.salaryMax).toBeNull();
    expect(sal[0]!.job.salaryMax).toBe(Math.max(...active.map((x) => x.salaryMax ?? -1)));
    const newest = oracle(jobs, {});
    expect(newest[0]!.job.discoveredAt).toBe(Math.max(...active.map((x) => x.discoveredAt)));
    expect(newest.every((x, i) => i === 0 || byNewest(newest[i - 1]!.job, x.job) < 0)).toBe(true);
  });
});

describe('JobsService.List walked page by page (limit 7) equals the oracle', () => {
  it.each(cases.map((c) => [c.name, c] as [string, Case]))('%s', async (_name, c) => {
    const ids = await walkRpc(h, c.req, LIMIT);
    expectSameOrder(ids, oracle(jobs, c.req), c.name);
  });
});

describe('the planner left alone', () => {
  it('uses both FTS and row plans across the table', () => {
    const seen = new Set<string>();
    for (const c of cases) {
      for (const p of h.ctx.search.list(normalizeJobQuery({ ...c.req, limit: 25 })).plans)
        seen.add(p.replace(/:.*/, ''));
    }
    expect(seen.has('fts-walk') || seen.has('fts-materialize')).toBe(true);
    expect(seen.has('table-walk') || seen.has('index-walk')).toBe(true);
  });
});

describe('one-letter words', () => {
  it('are ignored: "senior e" answers exactly what "senior" answers', async () => {
    const h2 = openFixture();
    try {
      const a = await h2.jobs.list({ query: { query: 'senior e', limit: 100 } });
      const b = await h2.jobs.list({ query: { query: 'senior', limit: 100 } });
      expect(a.data.map((j) => j.id)).toEqual(b.data.map((j) => j.id));
      expect(a.data.length).toBeGreaterThan(0);
    } finally {
      h2.close();
    }
  });
});
