import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '#service/index-db/records';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { FIXTURE, openFixture, type Harness } from '../../helpers/fixture.js';
import { loadJobs, oracle, type SearchRequest } from './oracle.js';
import { expectSameOrder, walkRpc } from './walk.js';

// Issue #31 item 5: where the source did not state a work mode, employment type or seniority, the
// facet offers "Not stated" (never a blank choice) and filtering by it finds exactly those jobs
// (docs/decisions/not-stated.md).

const T = FIXTURE.now + 3_600_000;
let h: Harness;
const UNSTATED = ['Quiet Lamplighter', 'Quiet Chandler', 'Quiet Farrier'];

beforeAll(() => {
  h = openFixture({ writable: true });
  const company = h.db.prepare("SELECT id FROM companies WHERE slug = 'boreal-media'").pluck().get() as string;
  const w = new IndexWriter(h.db);
  w.transaction(() =>
    UNSTATED.forEach((title, n) => {
      const job: JobRecord = {
        id: `${(0xc00000 + n).toString(16)}00-0000-4000-8000-${String(n).padStart(12, '0')}`,
        slug: '',
        title,
        companyId: company,
        locations: [{ city: 'Oslo', country: 'NO', remote: false }],
        descriptionHtml: '<p>The board said nothing more.</p>',
        sourceType: 'ats',
        sourcePlatform: 'lever',
        status: 'active',
        discoveredAt: T + n * 1000,
        lastSeenAt: T,
        lastScrapedAt: T,
        lastVerifiedAt: T,
      };
      w.upsertJob(job);
    }),
  );
  refreshStats(h.db, T);
});
afterAll(() => h.close());

const FIELDS = ['workMode', 'employmentType', 'seniority'] as const;

describe('"Not stated" facet choices', () => {
  it('the facets count the unstated jobs as "Not stated", with no blank choice', async () => {
    for (const req of [{}, { query: { query: 'quiet' } }, { query: { query: 'quiet', filters: { country: 'NO' } } }]) {
      const res = await h.postJson('/svc.meta.v1.MetaService/ListFacets', req);
      expect(res.status).toBe(200);
      for (const field of FIELDS) {
        const values = (
          res.body.facets as Array<{ field: string; values: Array<{ value: string; label: string; count: number }> }>
        ).find((f) => f.field === field)!.values;
        expect(
          values.filter((v) => v.value === '' || v.label.trim() === ''),
          `${field} ${JSON.stringify(req)}`,
        ).toEqual([]);
        expect(
          values.find((v) => v.value === 'not_stated'),
          `${field} ${JSON.stringify(req)}`,
        ).toMatchObject({
          label: 'Not stated',
          count: 3,
        });
      }
    }
  });

  it('filtering by not_stated finds exactly those jobs, under every plan, as its count said', async () => {
    for (const field of FIELDS) {
      const res = await h.jobs.list({ query: { filters: { [field]: 'not_stated' }, limit: 50 } });
      expect(res.data.map((c) => c.title).sort(), field).toEqual([...UNSTATED].sort());
      // Unknown stays unknown on the wire: the cards state no value.
      expect(res.data.every((c) => !(c as unknown as Record<string, unknown>)[field])).toBe(true);
    }
    const jobs = loadJobs(h.db);
    const cases: SearchRequest[] = [
      { filters: { workMode: 'not_stated' } },
      { query: 'quiet', filters: { seniority: 'not_stated', sort: 'newest' } },
      { filters: { employmentType: 'not_stated', country: 'NO', sort: 'salary_desc' } },
      { filters: { workMode: 'onsite', seniority: 'senior' } },
    ];
    for (const req of cases) expectSameOrder(await walkRpc(h, req, 2), oracle(jobs, req), JSON.stringify(req));
  });

  it('a value that is neither stated nor not_stated is refused, naming the field', async () => {
    const res = await h.postJson('/svc.jobs.v1.JobsService/List', { query: { filters: { workMode: 'unknown' } } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('query.filters.workMode');
  });
});
