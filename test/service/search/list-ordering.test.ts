import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmploymentType, Seniority, WorkMode } from '#shared/rules/vocabulary';
import type { JobRecord } from '#service/index-db/records';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';
import { loadJobs, oracle, type SearchRequest } from './oracle.js';
import { PLANS, expectSameOrder, walkEngine, walkRpc } from './walk.js';

// Orders that the generated corpus cannot show on its own (it never discovers two jobs in the
// same second, nor verifies two at the same moment), and keyset pages while the index changes.
// Each test works on its own writable copy of the fixture.

const T = FIXTURE.now + 3_600_000; // after every fixture job: these come first in `newest`
const companyId = (h: Harness, slug = 'boreal-media') =>
  h.db.prepare('SELECT id FROM companies WHERE slug = ?').pluck().get(slug) as string;

function job(h: Harness, id: string, over: Partial<JobRecord> = {}): JobRecord {
  return {
    id,
    slug: '',
    title: 'Tiebreak Cartographer',
    companyId: companyId(h),
    locations: [{ city: 'Reykjavík', country: 'IS', remote: false }],
    remote: false,
    workMode: 'onsite' as WorkMode,
    employmentType: 'contract' as EmploymentType,
    seniority: 'staff' as Seniority,
    descriptionHtml: '<p>Maps every tie.</p>',
    sourceType: 'ats',
    sourcePlatform: 'lever',
    status: 'active',
    discoveredAt: T,
    lastSeenAt: T,
    lastScrapedAt: T,
    lastVerifiedAt: T,
    ...over,
  };
}

function insert(h: Harness, records: JobRecord[], refresh = true): void {
  const w = new IndexWriter(h.db);
  w.transaction(() => records.forEach((r) => w.upsertJob(r)));
  if (refresh) refreshStats(h.db, T);
}

describe('tie-breaks', () => {
  let h: Harness;
  beforeAll(() => {
    h = openFixture({ writable: true });
  });
  afterAll(() => h.close());

  // The first 22 bits (the first 6 hex digits but their last 2 bits) decide, not later digits:
  // C sorts below B although its later digits are all f.
  const A = 'ffffff00-0000-4000-8000-000000000000';
  const B = '80000400-0000-4000-8000-000000000000';
  const C = '80000000-ffff-4fff-bfff-ffffffffffff';
  const D = '00000400-0000-4000-8000-000000000000';

  it('newest: same discovery second → id descending, whatever the milliseconds or insertion order', async () => {
    insert(h, [
      job(h, C, { discoveredAt: T + 900 }),
      job(h, D, { discoveredAt: T + 999 }),
      job(h, A, { discoveredAt: T }),
      job(h, B, { discoveredAt: T + 10 }),
    ]);
    const req: SearchRequest = { query: 'tiebreak cartographer', filters: { sort: 'newest' } };
    const want = [A, B, C, D];
    expect((await h.jobs.list({ query: { filters: { sort: 'newest' }, limit: 4 } })).data.map((c) => c.id)).toEqual(
      want,
    );
    expect((await h.jobs.list({ query: { limit: 4 } })).data.map((c) => c.id)).toEqual(want);
    expect(await walkRpc(h, req, 1)).toEqual(want);
    // Relevance puts all four in tier 0, ordered newest first as well.
    expect(await walkRpc(h, { query: 'tiebreak cartographer' }, 3)).toEqual(want);
    for (const plan of PLANS) {
      const search = new JobSearch(h.db, { forcePlan: plan });
      expect(
        walkEngine(search, { filters: { country: 'IS', city: 'reykjavik', sort: 'newest' } }, 1).ids.slice(0, 4),
        plan,
      ).toEqual(want);
      expect(
        walkEngine(search, { ...req, filters: { ...req.filters, discoveredAfter: new Date(T).toISOString() } }, 1).ids,
        plan,
      ).toEqual(want);
    }
  });

  it('jobs whose rid would collide (same second, same 22 id bits) are each returned exactly once', async () => {
    // C2 shares the second and the first 22 bits of C; the writer gives it a neighbouring rid.
    // Their relative order is the writer's choice (see the report), but neither may be lost.
    const C2 = '80000200-0000-4000-8000-000000000000';
    insert(h, [job(h, C2, { discoveredAt: T + 500 })]);
    for (const plan of [undefined, ...PLANS]) {
      const search = new JobSearch(h.db, { forcePlan: plan });
      const ids = walkEngine(search, { query: 'tiebreak', filters: { sort: 'newest' } }, 1).ids;
      expect(ids, String(plan)).toHaveLength(5);
      expect(ids.slice(0, 2)).toEqual([A, B]);
      expect(new Set(ids.slice(2, 4))).toEqual(new Set([C, C2]));
      expect(ids[4]).toBe(D);
    }
  });

  it('discoveredAfter at millisecond precision, inside that second', async () => {
    // Only the jobs first seen at or after T + 10 ms, though all share the second of T.
    const got = await walkRpc(
      h,
      { filters: { discoveredAfter: new Date(T + 10).toISOString(), companyId: 'boreal-media' } },
      2,
    );
    expect(new Set(got)).toEqual(new Set([B, C, '80000200-0000-4000-8000-000000000000', D]));
    expect(got[0]).toBe(B);
    expect(got.at(-1)).toBe(D);
    for (const plan of PLANS) {
      const search = new JobSearch(h.db, { forcePlan: plan });
      expect(
        walkEngine(search, { filters: { discoveredAfter: new Date(T + 900).toISOString(), sort: 'company' } }, 1).ids,
        plan,
      ).toEqual([C, D]);
      expect(
        walkEngine(search, { filters: { discoveredAfter: new Date(T + 901).toISOString() } }, 1).ids,
        plan,
      ).toEqual([D]);
    }
  });

  it('recently_verified: same verification time → newest, then id', async () => {
    const V = FIXTURE.now + 7_200_000;
    const E = 'aaaaaa00-0000-4000-8000-000000000000';
    const F = 'bbbbbb00-0000-4000-8000-000000000000';
    const G = '11111100-0000-4000-8000-000000000000';
    insert(h, [
      job(h, E, { title: 'Verifier', discoveredAt: T - 5000, lastVerifiedAt: V }),
      job(h, F, { title: 'Verifier', discoveredAt: T - 9000, lastVerifiedAt: V }),
      job(h, G, { title: 'Verifier', discoveredAt: T - 5000, lastVerifiedAt: V }),
    ]);
    const want = [E, G, F];
    for (const plan of [undefined, ...PLANS]) {
      const search = new JobSearch(h.db, { forcePlan: plan });
      const since = new Date(V).toISOString();
      expect(
        walkEngine(search, { filters: { sort: 'recently_verified', verifiedAfter: since } }, 1).ids,
        String(plan),
      ).toEqual(want);
      expect(
        walkEngine(search, { query: 'verifier', filters: { sort: 'recently_verified' } }, 1).ids,
        String(plan),
      ).toEqual(want);
    }
  });
});

describe('keyset pages while the index changes', () => {
  let h: Harness;
  beforeAll(() => {
    h = openFixture({ writable: true });
  });
  afterAll(() => h.close());

  it.each<[string, SearchRequest]>([
    ['newest', { filters: { sort: 'newest' } }],
    ['salary_desc', { filters: { sort: 'salary_desc', country: 'US' } }],
    ['company', { filters: { sort: 'company' } }],
    ['relevance', { query: 'engineer' }],
  ])(
    '%s: a job added before the cursor is not shown, one expired after it is skipped, nothing repeats',
    async (_n, req) => {
      const before = oracle(loadJobs(h.db), req);
      const first = await h.jobs.list({ query: { ...req, limit: 10 } });
      expectSameOrder(
        first.data.map((c) => c.id),
        before.slice(0, 10),
        'first page',
      );
      const cursor = first.pagination!.nextCursor!;

      // Expire the 3rd job of the next page, and add a job that sorts before the cursor.
      const gone = before[12]!.job;
      const w = new IndexWriter(h.db);
      w.transaction(() => w.expireJob(gone.id, T));
      const top = before[0]!.job;
      const added = `0${top.id.slice(1, -1)}${top.id.endsWith('0') ? '1' : '0'}`;
      insert(
        h,
        [
          job(h, added, {
            // Sorts before the cursor in each order: newer, better paid, same company as the top job.
            companyId: companyId(h, top.companySlug!),
            title: 'Senior Engineer',
            discoveredAt: top.discoveredAt + 1000,
            salary: { min: 10_000_000, max: 10_000_000, currency: 'USD', period: 'year' },
            locations: [{ city: 'Boston', country: 'US', remote: false }],
          }),
        ],
        false,
      );
      refreshStats(h.db, T);

      const after = oracle(loadJobs(h.db), req).map((x) => x.job.id);
      expect(after).toContain(added);
      expect(after.indexOf(added)).toBeLessThan(after.indexOf(first.data.at(-1)!.id));
      const rest: string[] = [];
      let c: string | undefined = cursor;
      while (c) {
        const res = await h.jobs.list({ query: { ...req, limit: 25, cursor: c } });
        rest.push(...res.data.map((x) => x.id));
        c = res.pagination?.nextCursor;
      }
      const lastSeen = after.indexOf(first.data.at(-1)!.id);
      expect(rest).toEqual(after.slice(lastSeen + 1));
      expect(rest).not.toContain(gone.id);
      expect(rest).not.toContain(added);
    },
  );
});
