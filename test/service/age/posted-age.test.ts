import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaryWriter } from '@bufbuild/protobuf/wire';
import { create, toBinary } from '@bufbuild/protobuf';
import { JobCardSchema } from '#shared/gen/svc/jobs/v1/job_pb';
import { encodeCards } from '../../../electron/service/index-services/card-binary.js';
import { jobCard } from '../../../electron/service/index-db/wire.js';
import { CARD_COLUMNS, cardRowOf } from '../../../electron/service/index-db/search/card-row.js';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { openFixture } from '../../helpers/fixture.js';
import { byNewest, loadJobs, oracle, type OracleHit, type OracleJob, type SearchRequest } from '../search/oracle.js';
import { PLANS, expectSameOrder, walkEngine, walkRpc } from '../search/walk.js';

// The posting's own age (docs/decisions/posting-age.md): the `posted` sort and the postedAfter
// filter order and keep postings by the board's published date where it states one (never later
// than first seen), by first seen where it does not. An independent model (below) against the
// engine under every plan, in pages of 1, 3 and 7.

const DAY = 86_400_000;
const h = openFixture({ writable: true });
let jobs: OracleJob[];
/** rid → the board's published time, for the jobs given one. */
const posted = new Map<number, number>();

beforeAll(() => {
  const rows = h.db.prepare('SELECT rid, discovered_at FROM jobs ORDER BY rid').all() as Array<{
    rid: number;
    discovered_at: number;
  }>;
  const set = h.db.prepare('UPDATE jobs SET posted_at = ? WHERE rid = ?');
  rows.forEach((r, i) => {
    let at: number | undefined;
    if (i % 5 === 0)
      at = undefined; // the board states no date
    else if (i % 5 === 1)
      at = r.discovered_at - (i % 97) * 30 * DAY; // published long before first seen
    else if (i % 5 === 2)
      at = Date.UTC(2020, 3, 6); // many on one day: only the tie-break orders them
    else if (i % 5 === 3)
      at = r.discovered_at + 3 * DAY; // a board date after first seen: first seen wins
    else at = r.discovered_at - (i % 13) * 3_600_000;
    if (at !== undefined) {
      set.run(at, r.rid);
      posted.set(r.rid, at);
    }
  });
  jobs = loadJobs(h.db);
});
afterAll(() => h.close());

/** The model: when a posting was published, by the earliest evidence held. */
const ageOf = (j: OracleJob) => Math.min(posted.get(j.rid) ?? j.discoveredAt, j.discoveredAt);

/** The spec's answer for everything but postedAfter and the posted sort, then those two as written in the decision. */
function model(req: SearchRequest): OracleHit[] {
  const { postedAfter, sort, ...rest } = req.filters ?? {};
  const base = oracle(jobs, { ...req, filters: { ...rest, sort: sort === 'posted' ? 'newest' : sort } });
  const after =
    postedAfter === undefined
      ? undefined
      : Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(postedAfter) ? `${postedAfter}T00:00:00Z` : postedAfter);
  const kept = after === undefined ? base : base.filter((x) => ageOf(x.job) >= after);
  return sort === 'posted' ? [...kept].sort((a, b) => ageOf(b.job) - ageOf(a.job) || byNewest(a.job, b.job)) : kept;
}

const MONTH_AGO = new Date(Date.UTC(2026, 9, 1)).toISOString();
const CASES: Array<{ name: string; req: SearchRequest; small?: boolean }> = [
  { name: 'posted, every job', req: { filters: { sort: 'posted' } } },
  { name: 'posted, country DE', req: { filters: { sort: 'posted', country: 'DE' } }, small: true },
  { name: 'posted, text "engineer"', req: { query: 'engineer', filters: { sort: 'posted' } } },
  {
    name: 'posted, text "nurse" in US',
    req: { query: 'nurse', filters: { sort: 'posted', country: 'US' } },
    small: true,
  },
  {
    name: 'posted, text "manager -senior" first seen this autumn',
    req: { query: 'manager -senior', filters: { sort: 'posted', discoveredAfter: '2026-09-01' } },
    small: true,
  },
  {
    name: 'posted, remote, full_time',
    req: { filters: { sort: 'posted', remote: true, employmentType: 'full_time' } },
    small: true,
  },
  { name: 'postedAfter a month ago (newest)', req: { filters: { postedAfter: MONTH_AGO } }, small: true },
  {
    name: 'postedAfter 2020-04-06, posted',
    req: { filters: { postedAfter: '2020-04-06', sort: 'posted', country: 'US' } },
    small: true,
  },
  {
    name: 'postedAfter a month ago, text "nurse" (relevance)',
    req: { query: 'nurse', filters: { postedAfter: MONTH_AGO } },
    small: true,
  },
  {
    name: 'postedAfter 2020-04-07, salary_desc',
    req: { filters: { postedAfter: '2020-04-07', sort: 'salary_desc', seniority: 'senior' } },
    small: true,
  },
];

describe('posted sort and postedAfter against the model', () => {
  it('has jobs whose board date, first-seen date and ties all decide the order', () => {
    const all = model({ filters: { sort: 'posted' } });
    const firstSeenOrder = model({ filters: { sort: 'newest' } });
    expect(all.map((x) => x.job.id)).not.toEqual(firstSeenOrder.map((x) => x.job.id));
    expect(
      jobs.filter((j) => posted.get(j.rid) === Date.UTC(2020, 3, 6) && j.status === 'active').length,
    ).toBeGreaterThan(100);
    for (const c of CASES) {
      const n = model(c.req).length;
      expect(n, c.name).toBeGreaterThan(0);
      if (c.req.filters?.postedAfter)
        expect(n, c.name).toBeLessThan(
          model({ ...c.req, filters: { ...c.req.filters, postedAfter: undefined } }).length,
        );
    }
  });

  for (const c of CASES) {
    for (const limit of c.small ? [1, 3, 7] : [7]) {
      it(`${c.name}: every page over the RPC, limit ${limit}`, async () => {
        expectSameOrder(await walkRpc(h, c.req, limit), model(c.req), c.name);
      });
    }
    it(`${c.name}: every plan, limit 7`, () => {
      const want = model(c.req);
      for (const plan of PLANS) {
        const search = new JobSearch(h.db, { forcePlan: plan, walkBudget: 5 });
        expectSameOrder(walkEngine(search, c.req, 7).ids, want, `${c.name} (${plan})`);
      }
      // The posted walk over its budget leaves the page to the other plans.
      for (const postedWalkBudget of [3, 40]) {
        const search = new JobSearch(h.db, { postedWalkBudget, walkBudget: 5 });
        expectSameOrder(walkEngine(search, c.req, 7).ids, want, `${c.name} (posted walk budget ${postedWalkBudget})`);
      }
    });
  }
});

describe('a posting first published long ago', () => {
  it('is not "new": past-24-hours keeps it out under postedAfter, and discoveredAfter keeps the spec meaning (first seen)', async () => {
    const old = jobs.find((j) => j.status === 'active' && posted.get(j.rid) === Date.UTC(2020, 3, 6))!;
    const since = new Date(old.discoveredAt - DAY).toISOString();
    const byPosted = await walkRpc(h, { filters: { postedAfter: since } }, 100);
    const byFirstSeen = await walkRpc(h, { filters: { discoveredAfter: since } }, 100);
    expect(byPosted).not.toContain(old.id);
    expect(byFirstSeen).toContain(old.id);
  });

  it('carries its board date on the card (JSON and binary alike); a posting without one carries none', async () => {
    const res = await h.jobs.list({ query: { filters: { sort: 'posted', postedAfter: '2020-04-06' }, limit: 100 } });
    const withDate = res.data.filter((c) => c.postedAt);
    expect(withDate.length).toBeGreaterThan(0);
    for (const c of res.data) {
      const rid = jobs.find((j) => j.id === c.id)!.rid;
      const at = posted.get(rid);
      if (at === undefined) expect(c.postedAt).toBeUndefined();
      else expect(Number(c.postedAt!.seconds) * 1000).toBe(Math.floor(at / 1000) * 1000);
    }
    const rows = (
      h.db.prepare(`SELECT ${CARD_COLUMNS} FROM jobs j ORDER BY rid LIMIT 50`).raw(true).all() as unknown[][]
    ).map(cardRowOf);
    const bytes = encodeCards(rows);
    rows.forEach((r, i) => {
      const want = new BinaryWriter().bytes(toBinary(JobCardSchema, create(JobCardSchema, jobCard(r)))).finish();
      expect(Buffer.from(bytes[i]!)).toEqual(Buffer.from(want));
    });
  });

  it('names the field of a bad postedAfter', async () => {
    const res = await h.postJson('/svc.jobs.v1.JobsService/List', {
      query: { filters: { postedAfter: 'last tuesday' } },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('query.filters.postedAfter');
  });
});
