import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { JobFacets } from '../../../electron/service/index-db/search/job-facets.js';
import { IndexMeta } from '../../../electron/service/index-db/read/index-info.js';
import { refreshStats } from '../../../electron/service/index-db/write/refresh-stats.js';
import { countNewJobs } from '../../../electron/service/user-services/new-jobs.js';
import { normalizeJobQuery, type JobFiltersInput } from '#shared/rules/job-query';
import { openFixture } from '../../helpers/fixture.js';

// One rule for counts (docs/decisions/folded-counts.md): a count counts what its list shows.
// Folded, the list shows roles, so "about N jobs", every facet value's count, a saved search's
// "N new" and an alert count roles; not folded, postings. The oracle is the list itself, walked
// to the end: its length for the match count, and for a facet value the length of the list
// with that value chosen (the facet's own filter replaced, the others kept).

const h = openFixture({ writable: true });

beforeAll(() => {
  const rids = h.db.prepare('SELECT rid FROM jobs ORDER BY rid').pluck().all() as number[];
  const set = h.db.prepare('UPDATE jobs SET fold_key = ? WHERE rid = ?');
  // Roles of 1 to ~14 postings over companies, places and time; some postings with no mark.
  rids.forEach((rid, i) => set.run(i % 3 === 0 ? (i % 2 ? null : `solo-${rid}`) : `role-${(i * 7919) % 290}`, rid));
  refreshStats(h.db);
});
afterAll(() => h.close());

interface Req {
  query?: string;
  filters?: JobFiltersInput;
}

/** How many results the list shows, every page walked. */
function listed(search: JobSearch, req: Req, fold: boolean): number {
  let n = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = search.list(normalizeJobQuery({ ...req, fold, limit: 100, ...(cursor ? { cursor } : {}) }));
    n += page.rows.length;
    if (!page.hasMore) return n;
    cursor = page.nextCursor!;
  }
}

/** The filter that a facet value stands for. */
function chosen(field: string, value: string): JobFiltersInput {
  return { [field]: field === 'remote' ? value === 'true' : value } as JobFiltersInput;
}

const CASES: Array<{ name: string; req: Req }> = [
  { name: 'every job', req: {} },
  { name: '"engineer"', req: { query: 'engineer' } },
  {
    name: '"manager" in DE, full time',
    req: { query: 'manager', filters: { country: 'DE', employmentType: 'full_time' } },
  },
  { name: 'a phrase, "senior engineer" quoted', req: { query: '"senior engineer"' } },
  { name: 'a word left out, "engineer -senior"', req: { query: 'engineer -senior' } },
  { name: 'only a word left out, "-manager"', req: { query: '-manager', filters: { remote: true } } },
  { name: 'comparable pay in USD', req: { filters: { payMin: 60000, payCurrency: 'USD', sort: 'pay_desc' } } },
];

/** Checks the match count and the top facet values of `req` against the list, folded and not. */
function expectCountsAgree(search: JobSearch, facets: JobFacets, c: { name: string; req: Req }): void {
  for (const fold of [false, true]) {
    const got = facets.forQuery(normalizeJobQuery({ ...c.req, fold }), 300);
    const label = `${c.name}, ${fold ? 'folded' : 'not folded'}`;
    expect(got.matchCountExact, label).toBe(true);
    expect(got.matchCount, `${label}: match count`).toBe(listed(search, c.req, fold));
    for (const f of got.facets) {
      for (const v of f.values.slice(0, 3)) {
        const req = { ...c.req, filters: { ...c.req.filters, ...chosen(f.field, v.value) } };
        expect(v.count, `${label}: ${f.field} = ${v.value}`).toBe(listed(search, req, fold));
      }
    }
  }
}

describe('a count counts what its list shows', () => {
  it('the cases fold: fewer roles than postings', () => {
    for (const c of CASES.slice(0, 2))
      expect(listed(h.ctx.search, c.req, true)).toBeLessThan(listed(h.ctx.search, c.req, false));
  });

  for (const c of CASES) {
    it(`${c.name}: match count and facet counts, folded and not`, () => {
      expectCountsAgree(h.ctx.search, h.ctx.facets, c);
    });
  }

  it('over the RPC: ListFacets folded says the folded list\'s length ("about N jobs")', async () => {
    const req = { query: 'engineer', filters: { country: 'US' } };
    const folded = await h.meta.listFacets({ query: { ...req, fold: true } });
    const plain = await h.meta.listFacets({ query: req });
    expect(folded.matchCount).toBe(listed(h.ctx.search, req, true));
    expect(plain.matchCount).toBe(listed(h.ctx.search, req, false));
    expect(folded.matchCount).toBeLessThan(plain.matchCount!);
  });

  it('with hidden jobs and a blocked company', () => {
    const some = h.db
      .prepare("SELECT id, company_slug FROM jobs WHERE status = 'active' ORDER BY rid DESC LIMIT 40")
      .all() as Array<{
      id: string;
      company_slug: string;
    }>;
    const search = new JobSearch(h.db, {
      exclusions: () => ({ jobIds: some.slice(1, 30).map((j) => j.id), companySlugs: [some[0]!.company_slug] }),
    });
    const facets = new JobFacets(h.db, search, new IndexMeta(h.db));
    expectCountsAgree(search, facets, { name: 'hidden', req: {} });
    expectCountsAgree(search, facets, { name: 'hidden, "engineer"', req: { query: 'engineer' } });
  });

  it('the whole index folded: the kept role counts, and the same counted live in a file without them', () => {
    const kept = h.ctx.facets.forQuery(normalizeJobQuery({ fold: true }), 300);
    h.db.prepare("DELETE FROM facet_counts WHERE field LIKE 'roles:%'").run();
    h.db.prepare("DELETE FROM meta WHERE key = 'active_roles'").run();
    const live = h.ctx.facets.forQuery(normalizeJobQuery({ fold: true }), 300);
    refreshStats(h.db);
    expect(live.facets).toEqual(kept.facets);
    expect(kept.matchCount).toBe(listed(h.ctx.search, {}, true));
    expect(live.matchCount).toBe(kept.matchCount);
  });

  it('a saved search\'s "N new" (and so its alert) counts the roles its folded list shows', () => {
    const req = { query: 'engineer' };
    const newest = h.db
      .prepare("SELECT discovered_at FROM jobs WHERE status = 'active' ORDER BY discovered_at DESC LIMIT 1 OFFSET 600")
      .pluck()
      .get() as number;
    const after = { ...req, filters: { discoveredAfter: new Date(newest + 1).toISOString() } };
    const got = countNewJobs(h.ctx, normalizeJobQuery(req), newest);
    expect(got.count).toBe(listed(h.ctx.search, after, true));
    expect(got.count).toBeLessThan(listed(h.ctx.search, after, false));
    const counts = h.ctx.facets.forQuery(normalizeJobQuery({ ...after, fold: true }), 10);
    expect(counts.matchCount).toBe(got.count);
  });
});
