import { afterAll, describe, expect, it } from 'vitest';
import { openFixture } from '../../helpers/fixture.js';
import { loadJobs, oracle, type SearchRequest } from './oracle.js';
import { expectSameOrder, walkRpc } from './walk.js';

// Keyset cursors of JobsService.List: opaque, tied to one query, refused when forged, and
// indifferent to the page size.

const h = openFixture();
const jobs = loadJobs(h.db);
afterAll(() => h.close());

const LIST = '/svc.jobs.v1.JobsService/List';
const ids = (body: any): string[] => body.data.map((c: any) => c.id);

async function page(req: SearchRequest & { limit?: number; cursor?: string }): Promise<any> {
  const res = await h.postJson(LIST, { query: req });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function expectCursorRefused(req: SearchRequest & { limit?: number; cursor?: string }): Promise<void> {
  const res = await h.postJson(LIST, { query: req });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('invalid_argument');
  expect(res.body.message).toContain('query.cursor');
}

const BASE: SearchRequest = { query: 'engineer', filters: { country: 'US', sort: 'relevance' } };

describe('a cursor belongs to its query', () => {
  it('continues the same query exactly after the first page', async () => {
    const first = await page({ ...BASE, limit: 5 });
    expect(first.pagination.hasMore).toBe(true);
    const second = await page({ ...BASE, limit: 5, cursor: first.pagination.nextCursor });
    const want = oracle(jobs, BASE).map((x) => x.job.id);
    expect([...ids(first), ...ids(second)]).toEqual(want.slice(0, 10));
  });

  it.each<[string, SearchRequest]>([
    ['another country', { query: 'engineer', filters: { country: 'DE', sort: 'relevance' } }],
    ['an added filter', { query: 'engineer', filters: { country: 'US', sort: 'relevance', remote: true } }],
    ['a removed filter', { query: 'engineer', filters: { sort: 'relevance' } }],
    ['another text', { query: 'nurse', filters: { country: 'US', sort: 'relevance' } }],
    ['no text', { filters: { country: 'US' } }],
    ['another sort', { query: 'engineer', filters: { country: 'US', sort: 'newest' } }],
  ])('is refused with %s (400 naming query.cursor)', async (_what, other) => {
    const first = await page({ ...BASE, limit: 5 });
    await expectCursorRefused({ ...other, limit: 5, cursor: first.pagination.nextCursor });
  });

  it('is refused by CompaniesService.ListJobs, and a ListJobs cursor by List', async () => {
    const fromList = (await page({ filters: { companyId: 'boreal-media' }, limit: 3 })).pagination.nextCursor;
    const lj = await h.postJson('/svc.companies.v1.CompaniesService/ListJobs', {
      id: 'boreal-media',
      limit: 3,
      cursor: fromList,
    });
    expect(lj.status).toBe(400);
    expect(lj.body.code).toBe('invalid_argument');

    const first = await h.postJson('/svc.companies.v1.CompaniesService/ListJobs', { id: 'boreal-media', limit: 3 });
    expect(first.status).toBe(200);
    await expectCursorRefused({
      filters: { companyId: 'boreal-media' },
      limit: 3,
      cursor: first.body.pagination.nextCursor,
    });
  });
});

describe('a forged or edited cursor is refused', () => {
  async function realCursor(req: SearchRequest = BASE): Promise<string> {
    const c = (await page({ ...req, limit: 5 })).pagination.nextCursor;
    expect(typeof c).toBe('string');
    return c;
  }

  it('plain garbage', async () => {
    for (const cursor of ['garbage', 'abc.def', '...', 'eyJ2IjoxfQ', 'eyJ2IjoxfQ.', '🙂'])
      await expectCursorRefused({ ...BASE, cursor });
  });

  it('one character changed anywhere', async () => {
    const c = await realCursor();
    for (const i of [0, Math.floor(c.length / 3), Math.floor(c.length / 2), c.length - 1]) {
      const ch = c[i] === 'A' ? 'B' : 'A';
      await expectCursorRefused({ ...BASE, cursor: c.slice(0, i) + ch + c.slice(i + 1) });
    }
  });

  it('truncated or extended', async () => {
    const c = await realCursor();
    await expectCursorRefused({ ...BASE, cursor: c.slice(0, -2) });
    await expectCursorRefused({ ...BASE, cursor: `${c}A` });
    await expectCursorRefused({ ...BASE, cursor: `${c}.x` });
  });

  it('a readable payload edited to jump elsewhere', async () => {
    const c = await realCursor();
    // The obvious edit: decode the part before the dot, move the position back by one (a rid,
    // if one is readable, else the last number), encode it back, keep the rest.
    const [body, ...rest] = c.split('.');
    const text = Buffer.from(body!, 'base64url').toString('utf8');
    const edited = /"rid":\d+/.test(text)
      ? text.replace(/"rid":(\d+)/, (_m, n: string) => `"rid":${Number(n) - 1}`)
      : text.replace(/(\d+)(?!.*\d)/, (n) => String(Number(n) + 1));
    expect(edited).not.toBe(text);
    await expectCursorRefused({ ...BASE, cursor: [Buffer.from(edited).toString('base64url'), ...rest].join('.') });
  });

  it('the body of one cursor with the signature of another', async () => {
    const a = await realCursor();
    const b = await realCursor({ filters: { sort: 'newest' } });
    const [ab] = a.split('.');
    const [, bs] = b.split('.');
    await expectCursorRefused({ ...BASE, cursor: `${ab}.${bs}` });
  });
});

describe('page size can change between pages', () => {
  const reqs: Array<[string, SearchRequest]> = [
    ['relevance across tiers', { query: 'software engineer' }],
    ['salary_desc (ties and no-salary tail)', { filters: { sort: 'salary_desc', country: 'GB' } }],
    ['company order', { filters: { sort: 'company', seniority: 'senior' } }],
    ['recently_verified', { filters: { sort: 'recently_verified', workMode: 'hybrid' } }],
  ];
  it.each(reqs)('%s', async (_name, req) => {
    const sizes = [1, 3, 100, 7, 25, 2];
    const got = await walkRpc(h, req, (p) => sizes[p % sizes.length]!);
    expectSameOrder(got, oracle(jobs, req), JSON.stringify(req));
  });
});

describe('the last page', () => {
  const req: SearchRequest = { filters: { city: 'München' } };
  const n = oracle(jobs, req).length;

  it('is exactly full: hasMore false and no nextCursor', async () => {
    expect(n).toBeGreaterThan(2);
    expect(n).toBeLessThanOrEqual(100);
    const one = await page({ ...req, limit: n });
    expect(ids(one)).toHaveLength(n);
    expect(one.pagination).toEqual({ hasMore: false });
  });

  it('one short of full: a final page of one job', async () => {
    const first = await page({ ...req, limit: n - 1 });
    expect(first.pagination.hasMore).toBe(true);
    const last = await page({ ...req, limit: n - 1, cursor: first.pagination.nextCursor });
    expect(ids(last)).toHaveLength(1);
    expect(last.pagination).toEqual({ hasMore: false });
    expect([...ids(first), ...ids(last)]).toEqual(oracle(jobs, req).map((x) => x.job.id));
  });

  it('of an empty answer: no data, hasMore false, no nextCursor', async () => {
    const none = await page({ query: 'zzzqqq', limit: 5 });
    expect(none).toEqual({ data: [], pagination: { hasMore: false } });
  });
});
