import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { countNewJobs } from '../../../electron/service/user-services/new-jobs.js';
import { normalizeJobQuery, type JobFiltersInput } from '#shared/rules/job-query';
import { openFixture } from '../../helpers/fixture.js';
import { byNewest, loadJobs, oracle, type OracleHit, type OracleJob } from '../search/oracle.js';
import { PLANS } from '../search/walk.js';

// JobsService.List with `query.fold` (docs/decisions/folding.md § Folded List) against a
// brute-force reference over the same rows: the spec's answer (the oracle), then the first
// posting of each role kept, the role's other matching postings counted on it. Every sort, in
// pages of 1, 3 and 7 walked to the end with cursors: no role lost, none repeated.

const h = openFixture({ writable: true });
let jobs: OracleJob[];
/** rid → fold key, as written below; jobs without one stand alone. */
const keyOf = new Map<number, string | null>();
/** rid → the columns ours sorts order by (their keys are tested elsewhere; here, the fold). */
const sortKeys = new Map<number, { posted: number; pay: number }>();
/** rid → its places, as JSON of [city, region, country, text, remote] in stored order. */
const placesOf = new Map<number, string[]>();

beforeAll(() => {
  const rids = h.db.prepare('SELECT rid FROM jobs ORDER BY rid').pluck().all() as number[];
  const set = h.db.prepare('UPDATE jobs SET fold_key = ? WHERE rid = ?');
  // Groups of 1 to ~14 postings spread over time, companies and every sort's keys; a third alone
  // (some with no key at all, as in a file folded by nothing yet).
  rids.forEach((rid, i) => {
    const key = i % 3 === 0 ? (i % 2 ? null : `solo-${rid}`) : `role-${(i * 7919) % 290}`;
    set.run(key, rid);
    keyOf.set(rid, key);
  });
  for (const r of h.db.prepare('SELECT rid, posted_sort, pay_sort FROM jobs').all() as Array<{
    rid: number;
    posted_sort: number;
    pay_sort: number;
  }>)
    sortKeys.set(r.rid, { posted: r.posted_sort, pay: r.pay_sort });
  for (const l of h.db
    .prepare('SELECT job_rid, city, region, country, text, remote FROM job_locations ORDER BY job_rid, ord')
    .all() as Array<{
    job_rid: number;
    city: string | null;
    region: string | null;
    country: string | null;
    text: string | null;
    remote: number;
  }>) {
    const list = placesOf.get(l.job_rid) ?? [];
    list.push(JSON.stringify([l.city, l.region, l.country, l.text, l.remote === 1]));
    placesOf.set(l.job_rid, list);
  }
  jobs = loadJobs(h.db);
});
afterAll(() => h.close());

interface Req {
  query?: string;
  filters?: JobFiltersInput;
}

/** The spec's answer, in every sort (ours by their stored keys, then newest). */
function unfolded(req: Req): OracleHit[] {
  const sort = req.filters?.sort;
  if (sort !== 'posted' && sort !== 'pay_desc') return oracle(jobs, req);
  const { payMin: _a, payCurrency: _b, ...rest } = req.filters ?? {};
  const base = oracle(jobs, { ...req, filters: { ...rest, sort: 'newest' } });
  const k = (j: OracleJob) => (sort === 'posted' ? sortKeys.get(j.rid)!.posted : sortKeys.get(j.rid)!.pay);
  return [...base].sort((a, b) => k(b.job) - k(a.job) || byNewest(a.job, b.job));
}

interface Role {
  id: string;
  postings: number;
  places: string[];
}

/** Brute force: the first hit of each role, with the count and places of the role's other hits. */
function reference(req: Req): Role[] {
  const hits = unfolded(req);
  const group = (j: OracleJob) => keyOf.get(j.rid) ?? `#${j.rid}`;
  const members = new Map<string, OracleJob[]>();
  for (const x of hits) members.set(group(x.job), [...(members.get(group(x.job)) ?? []), x.job]);
  const seen = new Set<string>();
  const out: Role[] = [];
  for (const x of hits) {
    const g = group(x.job);
    if (seen.has(g)) continue;
    seen.add(g);
    const others = members
      .get(g)!
      .filter((j) => j.id !== x.job.id)
      .sort((a, b) => b.rid - a.rid);
    out.push({
      id: x.job.id,
      postings: 1 + others.length,
      places: [...new Set(others.flatMap((j) => placesOf.get(j.rid) ?? []))],
    });
  }
  return out;
}

/** Walks every page of the folded List over the RPC, checking the page invariants. */
async function walkFolded(req: Req, limit: number): Promise<Role[]> {
  const out: Role[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 5000; page++) {
    const res = await h.jobs.list({ query: { ...req, fold: true, limit, ...(cursor ? { cursor } : {}) } });
    const roles = res.folded?.roles ?? [];
    expect(roles.length, 'one role per card').toBe(res.data.length);
    res.data.forEach((c, i) => {
      const r = roles[i]!;
      out.push({
        id: c.id,
        postings: r.postings,
        places: r.otherLocations.map((l) =>
          JSON.stringify([l.city ?? null, l.region ?? null, l.country ?? null, l.text ?? null, l.remote]),
        ),
      });
    });
    if (!res.pagination?.hasMore) {
      expect(res.pagination?.nextCursor).toBeUndefined();
      return out;
    }
    expect(res.data.length, 'a page that has more is full').toBe(limit);
    cursor = res.pagination.nextCursor!;
  }
  throw new Error('too many pages');
}

function expectSameRoles(got: Role[], want: Role[], label: string): void {
  const ids = got.map((r) => r.id);
  expect(new Set(ids).size, `${label}: a role repeated`).toBe(ids.length);
  const at = got.findIndex((r, i) => r.id !== want[i]?.id);
  expect(
    at === -1 && got.length === want.length,
    `${label}: got ${got.length} roles, want ${want.length}; first difference at #${at}`,
  ).toBe(true);
  expect(got, label).toEqual(want);
}

const SORTS = ['newest', 'recently_verified', 'salary_desc', 'company', 'posted', 'pay_desc'] as const;
const CASES: Array<{ name: string; req: Req; small?: boolean }> = [
  ...SORTS.map((sort) => ({ name: `${sort}, every job`, req: { filters: { sort } } })),
  ...SORTS.map((sort) => ({ name: `${sort}, country DE`, req: { filters: { sort, country: 'DE' } }, small: true })),
  { name: 'relevance, "engineer"', req: { query: 'engineer' } },
  { name: 'relevance, "nurse"', req: { query: 'nurse' }, small: true },
  {
    name: 'posted, "senior" full_time',
    req: { query: 'senior', filters: { sort: 'posted', employmentType: 'full_time' } },
    small: true,
  },
  {
    name: 'salary_desc, "manager" US',
    req: { query: 'manager', filters: { sort: 'salary_desc', country: 'US' } },
    small: true,
  },
];

describe('folded List against the brute-force reference', () => {
  it('folds: every case has roles of several postings, and fewer roles than postings', () => {
    for (const c of CASES) {
      const roles = reference(c.req);
      expect(roles.length, c.name).toBeGreaterThan(0);
      expect(
        roles.some((r) => r.postings > 1),
        c.name,
      ).toBe(true);
      expect(roles.length, c.name).toBeLessThan(unfolded(c.req).length);
    }
  });

  for (const c of CASES) {
    for (const limit of c.small ? [1, 3, 7] : [7]) {
      it(`${c.name}: folded, every page over the RPC, limit ${limit}`, async () => {
        expectSameRoles(await walkFolded(c.req, limit), reference(c.req), c.name);
      });
    }
    it(`${c.name}: not folded, the spec's answer unchanged`, async () => {
      const ids: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const res = await h.jobs.list({ query: { ...c.req, limit: 100, ...(cursor ? { cursor } : {}) } });
        expect(res.folded).toBeUndefined();
        ids.push(...res.data.map((d) => d.id));
        if (!res.pagination?.hasMore) break;
        cursor = res.pagination.nextCursor!;
      }
      expect(ids).toEqual(unfolded(c.req).map((x) => x.job.id));
    });
  }

  it('gives the same roles under every forced plan (limit 7)', () => {
    for (const c of CASES.filter((x) => x.small)) {
      const want = reference(c.req).map((r) => r.id);
      for (const plan of PLANS) {
        const search = new JobSearch(h.db, { forcePlan: plan, walkBudget: 5 });
        const ids: string[] = [];
        let cursor: string | undefined;
        for (;;) {
          const page = search.list(
            normalizeJobQuery({ ...c.req, fold: true, limit: 7, ...(cursor ? { cursor } : {}) }),
          );
          ids.push(...page.rows.map((r) => r.id));
          if (!page.hasMore) break;
          cursor = page.nextCursor!;
        }
        expect(ids, `${c.name} (${plan})`).toEqual(want);
      }
    }
  });

  it('refuses a folded cursor for the unfolded list, and back', async () => {
    const folded = await h.jobs.list({ query: { fold: true, limit: 3 } });
    const res = await h.postJson('/svc.jobs.v1.JobsService/List', {
      query: { limit: 3, cursor: folded.pagination!.nextCursor },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('query.cursor');
  });

  it('answers JSON with `roles` beside `data`', async () => {
    const res = await h.postJson('/svc.jobs.v1.JobsService/List', { query: { fold: true, limit: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.folded.roles).toHaveLength(5);
    expect(res.body.folded.roles.map((r: { postings: number }) => r.postings)).toEqual(
      reference({})
        .slice(0, 5)
        .map((r) => r.postings),
    );
  });
});

describe('counts of roles', () => {
  it('ListFacets with a folded query counts roles ("about N jobs")', async () => {
    for (const c of CASES.filter((x) => x.small)) {
      const folded = await h.meta.listFacets({ query: { ...c.req, fold: true } });
      const plain = await h.meta.listFacets({ query: c.req });
      expect(folded.matchCount, c.name).toBe(reference(c.req).length);
      expect(plain.matchCount, c.name).toBe(unfolded(c.req).length);
    }
  });

  it('a saved search\'s "N new" counts roles, not postings', () => {
    const active = jobs.filter((j) => j.status === 'active').sort((a, b) => b.rid - a.rid);
    const baseline = active[300]!.discoveredAt;
    const newer = active.filter((j) => j.discoveredAt > baseline);
    const roles = new Set(newer.map((j) => keyOf.get(j.rid) ?? `#${j.rid}`));
    expect(roles.size).toBeLessThan(newer.length);
    const got = countNewJobs(h.ctx, normalizeJobQuery({}), baseline);
    expect(got).toEqual({ count: roles.size, capped: false });
  });

  it("a hidden head gives way to the role's next posting", () => {
    const all = reference({ filters: { sort: 'newest' } });
    const big = all.find((r) => r.postings > 2)!;
    const search = new JobSearch(h.db, { exclusions: () => ({ jobIds: [big.id], companySlugs: [] }) });
    const ids: string[] = [];
    const postings = new Map<string, number>();
    let cursor: string | undefined;
    for (;;) {
      const page = search.list(normalizeJobQuery({ fold: true, limit: 100, ...(cursor ? { cursor } : {}) }));
      for (const r of page.rows) {
        ids.push(r.id);
        postings.set(r.id, r.role!.postings);
      }
      if (!page.hasMore) break;
      cursor = page.nextCursor!;
    }
    expect(ids).not.toContain(big.id);
    expect(ids).toHaveLength(all.length);
    const key = keyOf.get(jobs.find((j) => j.id === big.id)!.rid);
    const heir = ids.find((id) => keyOf.get(jobs.find((j) => j.id === id)!.rid) === key)!;
    expect(postings.get(heir)).toBe(big.postings - 1);
  });
});
