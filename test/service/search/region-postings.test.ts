import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord, LocationRecord } from '#service/index-db/records';
import { JobSearch } from '../../../electron/service/index-db/search/job-search.js';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture } from '../../helpers/fixture.js';
import { byNewest, loadJobs, oracle, type OracleHit, type OracleJob, type SearchRequest } from './oracle.js';
import { PLANS, expectSameOrder, walkEngine, walkRpc } from './walk.js';

// Postings open to a region (docs/decisions/region-postings.md): a country filter answers the
// postings that name the country and those open to a region holding it, never inventing the
// country. The model (oracle.ts: a place is in the country, or open to a region whose member list
// holds it) against the engine under every sort and plan, in pages of 1, 3 and 7.

const h = openFixture({ writable: true });
const T = FIXTURE.now - 86_400_000;
const DAY = 86_400_000;
let jobs: OracleJob[];

/** The places these postings state, as boards write them. */
const PLACES: Array<{ name: string; locations: LocationRecord[] }> = [
  { name: 'europe', locations: [{ text: 'Remote - Europe', remote: true }] },
  { name: 'emea', locations: [{ text: 'EMEA', remote: false }] },
  {
    name: 'uk-europe',
    locations: [
      { text: 'UK', country: 'GB', remote: false },
      { text: 'Europe - Remote', remote: true },
    ],
  },
  { name: 'latam', locations: [{ text: 'Remote (LATAM)', remote: true }] },
  { name: 'apac', locations: [{ text: 'APAC', remote: false }] },
  { name: 'dach', locations: [{ text: 'Remote - DACH', remote: true }] },
  { name: 'nordics', locations: [{ text: 'Nordics', remote: false }] },
  { name: 'namer', locations: [{ text: 'Remote (North America)', remote: true }] },
  { name: 'global', locations: [{ text: 'Remote - Global', remote: true }] },
  { name: 'berlin', locations: [{ city: 'Berlin', country: 'DE', text: 'Berlin, Germany', remote: false }] },
  {
    name: 'us-ca',
    locations: [
      { text: 'Remote (US)', country: 'US', remote: true },
      { text: 'Canada', country: 'CA', remote: true },
    ],
  },
];

const company = () => h.db.prepare('SELECT id FROM companies ORDER BY cid LIMIT 1').pluck().get() as string;

function posting(i: number): JobRecord {
  const place = PLACES[i % PLACES.length]!;
  const at = T - (i % 9) * DAY - (i % 4) * 1000; // ties of a second and of a day, across places
  const id = `${(0x400000 + i * 7919).toString(16).padStart(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return {
    id,
    slug: `region-${place.name}-${i}`,
    title: `Regional ${place.name} Platform Engineer`,
    companyId: company(),
    locations: place.locations,
    remote: place.locations.some((l) => l.remote),
    descriptionHtml: '<p>Open across the region the posting names.</p>',
    sourceType: 'ats',
    sourcePlatform: 'lever',
    ...(i % 3 === 0
      ? { salary: { min: 50_000 + i * 100, max: 60_000 + i * 100, currency: 'EUR', period: 'year' } }
      : {}),
    status: 'active',
    discoveredAt: at,
    lastSeenAt: at,
    lastScrapedAt: at,
    lastVerifiedAt: at + (i % 5) * 60_000,
  };
}

beforeAll(() => {
  const w = new IndexWriter(h.db);
  w.transaction(() => {
    for (let i = 0; i < 110; i++) w.upsertJob(posting(i));
  });
  refreshStats(h.db, FIXTURE.now);
  jobs = loadJobs(h.db);
});
afterAll(() => h.close());

const names = (ids: string[]) =>
  [
    ...new Set(
      ids.map((id) =>
        (h.db.prepare('SELECT slug FROM jobs WHERE id = ?').pluck().get(id) as string).replace(/^region-|-\d+$/g, ''),
      ),
    ),
  ]
    .filter((s) => PLACES.some((p) => p.name === s))
    .sort();

describe('a country filter answers the postings open to a region holding it', () => {
  const ours = (country: string) =>
    walkRpc(h, { query: 'regional platform', filters: { country, sort: 'newest' } }, 100);

  it('Germany: its own postings and those open to Europe, EMEA and DACH; not Global, LATAM or APAC', async () => {
    expect(names(await ours('DE'))).toEqual(['berlin', 'dach', 'emea', 'europe', 'uk-europe']);
  });
  it('the UK: Europe and EMEA, and the posting that names it; not DACH', async () => {
    expect(names(await ours('GB'))).toEqual(['emea', 'europe', 'uk-europe']);
  });
  it('Sweden: the Nordics, Europe and EMEA; Brazil: LATAM; Japan: APAC; Canada: its own and North America', async () => {
    expect(names(await ours('SE'))).toEqual(['emea', 'europe', 'nordics', 'uk-europe']);
    expect(names(await ours('BR'))).toEqual(['latam']);
    expect(names(await ours('JP'))).toEqual(['apac']);
    expect(names(await ours('CA'))).toEqual(['namer', 'us-ca']);
  });
  it('the US: no European region answers it, and "Global" answers no country at all', async () => {
    expect(names(await ours('US'))).toEqual(['namer', 'us-ca']);
    for (const c of ['DE', 'US', 'FR', 'IN', 'BR']) expect(names(await ours(c))).not.toContain('global');
  });

  it('no country is invented: the stored places keep no country; a country facet counts what its filter answers', async () => {
    const stored = h.db
      .prepare(
        "SELECT l.country, l.scope FROM job_locations l JOIN jobs j ON j.rid = l.job_rid WHERE j.slug LIKE 'region-europe-%'",
      )
      .all();
    expect(new Set(stored.map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ country: null, scope: 'EUROPE' })]),
    );
    const res = await h.jobs.list({ query: { query: 'regional platform', filters: { country: 'DE' }, limit: 100 } });
    const card = res.data.find((c) => c.slug.startsWith('region-europe-'))!;
    expect(card.locationText).toBe('Remote — Europe');
    expect(res.data.find((c) => c.slug.startsWith('region-emea-'))!.locationText).toBe('EMEA');
    expect(res.data.find((c) => c.slug.startsWith('region-dach-'))!.locationText).toBe('Remote — DACH');
    // A country's facet count is what its filter answers, region postings included (facets-follow-query.md).
    const facets = await h.meta.listFacets({ limit: 1000, query: { query: 'regional platform' } });
    const country = facets.facets.find((f) => f.field === 'country')!;
    for (const c of ['DE', 'GB', 'SE', 'BR', 'JP', 'US'])
      expect(country.values.find((x) => x.value === c)?.count, c).toBe((await ours(c)).length);
  });
});

// Every sort the model knows, the region postings mixed into the generated corpus.
const SORTS = ['newest', 'relevance', 'recently_verified', 'salary_desc', 'company', 'posted'] as const;
const COUNTRIES = ['DE', 'GB', 'SE', 'BR', 'US', 'JP'];

function model(req: SearchRequest): OracleHit[] {
  const { sort, ...rest } = req.filters ?? {};
  const hits = oracle(jobs, { ...req, filters: { ...rest, sort: sort === 'posted' ? 'newest' : sort } });
  // Generated and region postings state no board date: the posted order is first seen, to the ms.
  return sort === 'posted'
    ? [...hits].sort((a, b) => b.job.discoveredAt - a.job.discoveredAt || byNewest(a.job, b.job))
    : hits;
}

describe('List with a country filter against the model', () => {
  it('has region postings in every country case, and more than the named-country postings', () => {
    for (const country of COUNTRIES) {
      const all = model({ filters: { country } });
      const named = all.filter((x) => x.job.locations.some((l) => l.country === country));
      expect(all.length, country).toBeGreaterThan(named.length);
    }
  });

  for (const sort of SORTS) {
    for (const country of COUNTRIES) {
      const req: SearchRequest =
        sort === 'relevance' ? { query: 'engineer', filters: { country, sort } } : { filters: { country, sort } };
      // Pages of 1 where the answer is short (Brazil), of 3 and 7 everywhere else.
      for (const limit of country === 'BR' ? [1, 3, 7] : country === 'DE' ? [3, 7] : [7]) {
        it(`${sort}, country ${country}: every page over the RPC, limit ${limit}`, async () => {
          expectSameOrder(await walkRpc(h, req, limit), model(req), `${sort} ${country}`);
        });
      }
      if (country === 'DE' || country === 'US')
        it(`${sort}, country ${country}: every plan, limit 7`, () => {
          const want = model(req);
          for (const plan of PLANS) {
            const search = new JobSearch(h.db, { forcePlan: plan, walkBudget: 5 });
            expectSameOrder(walkEngine(search, req, 7).ids, want, `${sort} ${country} (${plan})`);
          }
        });
    }
  }

  it('with text and other filters: "engineer", remote, DE, in pages of 3', async () => {
    const req: SearchRequest = { query: 'engineer', filters: { country: 'DE', remote: true } };
    expectSameOrder(await walkRpc(h, req, 3), model(req), 'engineer remote DE');
  });
});
