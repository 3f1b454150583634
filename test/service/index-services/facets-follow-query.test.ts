import { afterAll, describe, expect, it } from 'vitest';
import { openFixture } from '../../helpers/fixture.js';

// Issue 18 items 4 and 8: ListFacets with a query counts over what that search matches, each
// facet with every filter but its own, leaves out values with no job, and says how many match.

const h = openFixture();
afterAll(() => h.close());

const FACETS = '/svc.meta.v1.MetaService/ListFacets';
const JOBS_LIST = '/svc.jobs.v1.JobsService/List';

async function searchCount(query: Record<string, unknown>): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const res = await h.postJson(JOBS_LIST, { query: { ...query, limit: 100, ...(cursor ? { cursor } : {}) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    n += res.body.data.length;
    cursor = res.body.pagination.nextCursor;
    if (!cursor) return n;
  }
  throw new Error('too many pages');
}

const wire = (field: string, value: string) => (field === 'remote' ? value === 'true' : value);

type Facet = { field: string; values: Array<{ value: string; label: string; count: number }> };

describe('MetaService.ListFacets with a query', () => {
  it('counts each facet over the matching jobs with every other filter, and counts the matches', async () => {
    const whole = (await h.postJson(FACETS, {})).body.facets as Facet[];
    const country = whole.find((f) => f.field === 'country')!.values[0]!.value;
    const query = { query: 'engineer', filters: { country } };
    const res = await h.postJson(FACETS, { limit: 1000, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.matchCount).toBe(await searchCount(query));
    expect(res.body.matchCountExact).toBe(true);
    const facets = res.body.facets as Facet[];
    for (const f of facets) {
      for (const v of f.values.slice(0, 3)) {
        expect(v.count).toBeGreaterThan(0);
        // A facet's own filter is replaced by the value; the others stay.
        const filters = { ...query.filters, [f.field]: wire(f.field, v.value) };
        expect(v.count, `${f.field}=${v.value}`).toBe(await searchCount({ query: 'engineer', filters }));
      }
    }
    // Whole-index counts are not what the panel shows for a search.
    const wholeEmployment = whole.find((f) => f.field === 'employmentType')!.values[0]!;
    const narrowed = facets
      .find((f) => f.field === 'employmentType')!
      .values.find((v) => v.value === wholeEmployment.value);
    expect(narrowed?.count ?? 0).toBeLessThan(wholeEmployment.count);
  });

  it('offers no city that would give no job under the chosen country', async () => {
    const res = await h.postJson(FACETS, { limit: 1000, query: { filters: { country: 'DE' } } });
    const cities = (res.body.facets as Facet[]).find((f) => f.field === 'city')!.values;
    expect(cities.length).toBeGreaterThan(0);
    for (const c of cities)
      expect(await searchCount({ filters: { country: 'DE', city: c.value } }), c.value).toBe(c.count);
  });

  it('names the field of a bad filter', async () => {
    const res = await h.postJson(FACETS, { query: { filters: { country: 'ZZ' } } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('query.filters.country');
  });
});
