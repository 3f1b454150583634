import { afterAll, describe, expect, it } from 'vitest';
import { openFixture } from '../../helpers/fixture.js';

// `query.filters.companyId` is "matched against the canonical company slug"; CompaniesService
// answers with a company's canonical `id` and says id and slug "resolve to the same record", so
// a client that filters by the `id` it was given finds that company's jobs too.

const h = openFixture();
afterAll(() => h.close());

const ids = async (companyId: string) => {
  const res = await h.postJson('/svc.jobs.v1.JobsService/List', { query: { filters: { companyId }, limit: 100 } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Array<{ id: string; companySlug: string }>).map((c) => [c.id, c.companySlug]);
};

describe('companyId', () => {
  it('takes the company id CompaniesService gives as well as its slug', async () => {
    const company = (await h.postJson('/svc.companies.v1.CompaniesService/Get', { id: 'boreal-media' })).body as {
      id: string;
    };
    expect(company.id).not.toBe('boreal-media');
    const bySlug = await ids('boreal-media');
    expect(bySlug.length).toBeGreaterThan(0);
    expect(bySlug.every(([, slug]) => slug === 'boreal-media')).toBe(true);
    expect(await ids(company.id)).toEqual(bySlug);
    expect(await ids(company.id.toUpperCase())).toEqual(bySlug);
  });

  it('an id no company has matches nothing', async () => {
    expect(await ids('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });
});
