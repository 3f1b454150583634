import { afterAll, describe, expect, it } from 'vitest';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { regionsHolding } from '../../../electron/service/text/regions.js';
import { fold, words } from '#shared/text/fold';
import { expectFieldErrorBody } from '../../helpers/field-error-body.js';
import { openFixture } from '../../helpers/fixture.js';
import type { CompanyRow } from '../../../electron/service/index-db/read/companies.js';

const h = openFixture();
afterAll(() => h.close());

const LIST = '/svc.companies.v1.CompaniesService/List';
const GET = '/svc.companies.v1.CompaniesService/Get';
const LIST_JOBS = '/svc.companies.v1.CompaniesService/ListJobs';
const JOBS_LIST = '/svc.jobs.v1.JobsService/List';

const allCompanies = h.db.prepare('SELECT * FROM companies ORDER BY sort_key, id').all() as CompanyRow[];
const bySlug = (slug: string) => allCompanies.find((c) => c.slug === slug)!;
/** The company with the most active jobs (many pages), and one with few. */
const big = h.db
  .prepare(`SELECT c.slug FROM companies c ORDER BY active_job_count DESC LIMIT 1`)
  .pluck()
  .get() as string;

function expectInvalid(res: { status: number; body: any }, field: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('invalid_argument');
  expect(res.body.message.startsWith(`${field}:`), res.body.message).toBe(true);
}

/** Walks every page of a list endpoint through the JSON wire; returns the items in order. */
async function walk(path: string, body: Record<string, unknown>, nest?: 'query'): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const req = nest
      ? { query: { ...(body.query as object), ...(cursor ? { cursor } : {}) } }
      : { ...body, ...(cursor ? { cursor } : {}) };
    const res = await h.postJson(path, req);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.data);
    expect(res.body.pagination.hasMore).toBe(res.body.pagination.nextCursor !== undefined);
    cursor = res.body.pagination.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('too many pages');
}

function activeJobIds(slug: string, where = '1', ...params: unknown[]): Set<string> {
  return new Set(
    h.db
      .prepare(`SELECT j.id FROM jobs j WHERE j.company_slug = ? AND j.status = 'active' AND ${where}`)
      .pluck()
      .all(slug, ...params) as string[],
  );
}

describe('CompaniesService.List', () => {
  it('walks every company exactly once, in name order', async () => {
    const got = await walk(LIST, { limit: 7 });
    expect(got.map((c) => c.id)).toEqual(allCompanies.map((c) => c.id));
    const names = got.map((c) => fold(c.name));
    expect(names).toEqual([...names].sort());
  });

  it('pages are 25 by default, up to 100', async () => {
    const first = await h.postJson(LIST, {});
    expect(first.body.data).toHaveLength(25);
    expect(first.body.pagination.hasMore).toBe(true);
    const all = await h.postJson(LIST, { limit: 100 });
    expect(all.body.data).toHaveLength(allCompanies.length);
    expect(all.body.pagination.hasMore).toBe(false);
    expect(all.body.pagination.nextCursor).toBeUndefined();
  });

  it('a cursor keeps working when the page size changes', async () => {
    const p1 = await h.postJson(LIST, { limit: 10 });
    const p2 = await h.postJson(LIST, { limit: 5, cursor: p1.body.pagination.nextCursor });
    expect(p2.body.data.map((c: any) => c.id)).toEqual(allCompanies.slice(10, 15).map((c) => c.id));
  });

  it('list items carry the spec fields', async () => {
    const res = await h.postJson(LIST, { limit: 100 });
    for (const item of res.body.data) {
      const c = allCompanies.find((x) => x.id === item.id)!;
      const expected: Record<string, unknown> = {
        id: c.id,
        name: c.name,
        website: c.website,
        logoUrl: c.logo_url,
        industry: c.industry,
        employeeCountRange: c.employee_count_range,
        activeJobCount: activeJobIds(c.slug).size,
        updatedAt: expect.stringMatching(/Z$/),
      };
      if (c.founded_year !== null) expected.foundedYear = c.founded_year;
      expect(item).toStrictEqual(expected);
      expect(Date.parse(item.updatedAt)).toBe(c.updated_at);
    }
    expect(allCompanies.some((c) => c.founded_year === null)).toBe(true);
  });

  it.each(['blue', 'media', 'BOREAL', 'bo me', 'hosp group', 'nova', 'a', 'ir so'])(
    'query %j returns exactly the companies where every word prefixes a word of the name',
    async (query) => {
      const qs = words(query);
      const expected = allCompanies
        .filter((c) => qs.every((q) => words(c.name).some((w) => w.startsWith(q))))
        .map((c) => c.id);
      const got = (await walk(LIST, { query, limit: 5 })).map((c) => c.id);
      expect(got).toEqual(expected);
    },
  );

  it('the query tests are not vacuous', () => {
    const hits = (q: string) =>
      allCompanies.filter((c) => words(q).every((x) => words(c.name).some((w) => w.startsWith(x)))).length;
    expect(hits('media')).toBeGreaterThan(1);
    expect(hits('bo me')).toBeGreaterThan(0);
    expect(hits('bo me')).toBeLessThan(hits('media'));
  });

  it('a query matching nothing gives an empty last page', async () => {
    const res = await h.postJson(LIST, { query: 'zzzqqq' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.hasMore).toBe(false);
  });

  it('query: 200 characters is fine, 201 is 400 naming query', async () => {
    expect((await h.postJson(LIST, { query: 'x'.repeat(200) })).status).toBe(200);
    expectInvalid(await h.postJson(LIST, { query: 'x'.repeat(201) }), 'query');
    expect((await h.postJson(LIST, { query: '€'.repeat(200) })).status).toBe(200);
    expectInvalid(await h.postJson(LIST, { query: '😀'.repeat(201) }), 'query');
  });

  it.each([0, 101, -5])('limit %d is 400 naming limit', async (limit) => {
    expectInvalid(await h.postJson(LIST, { limit }), 'limit');
  });

  it('a cursor from another query is 400 naming cursor', async () => {
    const other = await h.postJson(LIST, { query: 'media', limit: 1 });
    const cursor = other.body.pagination.nextCursor;
    expect(cursor).toBeTypeOf('string');
    expectInvalid(await h.postJson(LIST, { cursor }), 'cursor');
    expectInvalid(await h.postJson(LIST, { query: 'blue', cursor }), 'cursor');
    // The same query accepts it.
    expect((await h.postJson(LIST, { query: 'media', cursor })).status).toBe(200);
  });

  it('a forged or foreign cursor is 400 naming cursor', async () => {
    const p1 = await h.postJson(LIST, { limit: 2 });
    const [body, mac] = (p1.body.pagination.nextCursor as string).split('.');
    const edited = Buffer.from(
      Buffer.from(body!, 'base64url')
        .toString()
        .replace(/"key":"[^"]*"/, '"key":"a"'),
    ).toString('base64url');
    expectInvalid(await h.postJson(LIST, { cursor: `${edited}.${mac}` }), 'cursor');
    expectInvalid(await h.postJson(LIST, { cursor: 'not-a-cursor' }), 'cursor');
    const jobs = await h.postJson(JOBS_LIST, { query: { limit: 1 } });
    expectInvalid(await h.postJson(LIST, { cursor: jobs.body.pagination.nextCursor }), 'cursor');
  });
});

describe('CompaniesService.Get', () => {
  it('by canonical id and by slug return the same record, with createdAt', async () => {
    for (const c of [allCompanies[0]!, allCompanies[allCompanies.length - 1]!, bySlug(big)]) {
      const a = await h.postJson(GET, { id: c.id });
      const b = await h.postJson(GET, { id: c.slug });
      expect(a.status).toBe(200);
      expect(b.body).toStrictEqual(a.body);
      expect(a.body.id).toBe(c.id);
      expect(a.body.name).toBe(c.name);
      expect(Date.parse(a.body.createdAt)).toBe(c.created_at);
      expect(Date.parse(a.body.updatedAt)).toBe(c.updated_at);
      // The detail is the list item plus createdAt.
      const listed = (await walk(LIST, { limit: 100 })).find((x) => x.id === c.id);
      const { createdAt, ...rest } = a.body;
      expect(rest).toStrictEqual(listed);
    }
  });

  it('the slug is matched case-insensitively', async () => {
    const c = allCompanies[3]!;
    const res = await h.postJson(GET, { id: c.slug.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(c.id);
  });

  it('so is a uuid id, as a job id is: in capitals it is the same company, for ListJobs too', async () => {
    const c = allCompanies[3]!;
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    const res = await h.postJson(GET, { id: c.id.toUpperCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.id).toBe(c.id);
    const jobs = await h.postJson(LIST_JOBS, { id: c.id.toUpperCase(), limit: 5 });
    expect(jobs.body).toEqual((await h.postJson(LIST_JOBS, { id: c.id, limit: 5 })).body);
  });

  it('unknown is 404 not_found', async () => {
    for (const id of ['no-such-company', '00000000-0000-4000-8000-000000000000']) {
      const res = await h.postJson(GET, { id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'not_found', message: expect.any(String) });
    }
  });

  it('empty id is 400 naming id', async () => {
    expectInvalid(await h.postJson(GET, { id: '' }), 'id');
    expectInvalid(await h.postJson(GET, { id: '   ' }), 'id');
    expectInvalid(await h.postJson(GET, {}), 'id');
  });
});

describe('CompaniesService.ListJobs', () => {
  const company = bySlug(big);

  it("walks exactly the company's active jobs, newest first, and activeJobCount equals their number", async () => {
    const got = await walk(LIST_JOBS, { id: company.id, limit: 100 });
    const expected = activeJobIds(company.slug);
    expect(got.length).toBeGreaterThan(100);
    expect(new Set(got.map((c) => c.id))).toEqual(expected);
    expect(got).toHaveLength(expected.size);
    for (const c of got) expect(c.companySlug).toBe(company.slug);
    const discovered = got.map((c) => Date.parse(c.discoveredAt));
    expect(discovered).toEqual([...discovered].sort((a, b) => b - a));
    const detail = await h.postJson(GET, { id: company.slug });
    expect(detail.body.activeJobCount).toBe(got.length);
  });

  it('activeJobCount equals the jobs ListJobs walks, for every company', async () => {
    const list = await walk(LIST, { limit: 100 });
    for (const c of list) {
      const jobs = await walk(LIST_JOBS, { id: c.id, limit: 100 });
      expect(jobs.length, c.name).toBe(c.activeJobCount);
    }
  });

  it('by slug gives the same pages as by id', async () => {
    const a = await h.postJson(LIST_JOBS, { id: company.id, limit: 30 });
    const b = await h.postJson(LIST_JOBS, { id: company.slug, limit: 30 });
    expect(b.body.data).toEqual(a.body.data);
  });

  it('never returns expired jobs', async () => {
    const expired = h.db
      .prepare(`SELECT count(*) FROM jobs WHERE company_slug = ? AND status = 'expired'`)
      .pluck()
      .get(company.slug) as number;
    expect(expired).toBeGreaterThan(0);
    const got = await walk(LIST_JOBS, { id: company.id, limit: 100 });
    const status = h.db.prepare('SELECT status FROM jobs WHERE id = ?').pluck();
    for (const c of got) expect(status.get(c.id)).toBe('active');
  });

  describe('accepted filters, at the top level next to id', () => {
    const countryOf = h.db
      .prepare(
        `SELECT l.country FROM job_locations l JOIN jobs j ON j.rid = l.job_rid WHERE j.company_slug = ? AND j.status = 'active'
         AND l.country IS NOT NULL GROUP BY l.country ORDER BY count(*) DESC LIMIT 1 OFFSET 1`,
      )
      .pluck()
      .get(company.slug) as string;
    const cityOf = h.db
      .prepare(
        `SELECT l.city FROM job_locations l JOIN jobs j ON j.rid = l.job_rid WHERE j.company_slug = ? AND j.status = 'active'
         AND l.city IS NOT NULL GROUP BY l.city_key ORDER BY count(*) DESC LIMIT 1`,
      )
      .pluck()
      .get(company.slug) as string;
    const since = Date.UTC(2026, 8, 15);
    // In the country, or open to a region holding it (region-postings.md; the member lists are data).
    const PLACE_IN =
      'EXISTS (SELECT 1 FROM job_locations l WHERE l.job_rid = j.rid AND (l.country = ? OR l.scope IN (SELECT value FROM json_each(?))))';

    const cases: Array<[string, Record<string, unknown>, string, unknown[]]> = [
      [
        'country (lower case)',
        { country: countryOf.toLowerCase() },
        PLACE_IN,
        [countryOf, JSON.stringify(regionsHolding(countryOf))],
      ],
      [
        'city (any case)',
        { city: cityOf.toUpperCase() },
        'EXISTS (SELECT 1 FROM job_locations l WHERE l.job_rid = j.rid AND l.city = ?)',
        [cityOf],
      ],
      ['employmentType', { employmentType: 'contract' }, "j.employment_type = 'contract'", []],
      ['remote true', { remote: true }, 'j.remote = 1', []],
      ['remote false', { remote: false }, 'j.remote = 0', []],
      ['discoveredAfter date', { discoveredAfter: '2026-09-15' }, 'j.discovered_at >= ?', [since]],
      ['discoveredAfter date-time', { discoveredAfter: '2026-09-15T02:00:00+02:00' }, 'j.discovered_at >= ?', [since]],
      [
        'several at once',
        { country: countryOf, remote: false, employmentType: 'full_time', discoveredAfter: '2026-06-01' },
        `${PLACE_IN} AND j.remote = 0 AND j.employment_type = 'full_time' AND j.discovered_at >= ?`,
        [countryOf, JSON.stringify(regionsHolding(countryOf)), Date.UTC(2026, 5, 1)],
      ],
    ];

    it.each(cases)('%s', async (_name, filters, where, params) => {
      const expected = activeJobIds(company.slug, where, ...params);
      expect(expected.size, 'filter keeps some jobs').toBeGreaterThan(0);
      expect(expected.size, 'filter drops some jobs').toBeLessThan(activeJobIds(company.slug).size);
      const got = await walk(LIST_JOBS, { id: company.id, limit: 40, ...filters });
      expect(new Set(got.map((c) => c.id))).toEqual(expected);
      expect(got).toHaveLength(expected.size);
    });

    it.each(['engineer', 'senior manager', 'remote', 'SQL'])(
      'query %j gives the same jobs, in the same order, as a search with companyId',
      async (query) => {
        const got = await walk(LIST_JOBS, { id: company.slug, query, limit: 25 });
        const search = await walk(
          JOBS_LIST,
          { query: { query, filters: { companyId: company.slug }, limit: 25 } },
          'query',
        );
        expect(got.map((c) => c.id)).toEqual(search.map((c) => c.id));
        expect(got.length).toBeGreaterThan(0);
        expect(got.length).toBeLessThan(activeJobIds(company.slug).size);
        for (const c of got) expect(c.companySlug).toBe(company.slug);
      },
    );

    it('rejects bad filter values naming the field', async () => {
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, country: 'XX' }), 'country');
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, employmentType: 'bogus' }), 'employmentType');
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, discoveredAfter: 'yesterday' }), 'discoveredAfter');
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, query: 'q'.repeat(201) }), 'query');
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, limit: 0 }), 'limit');
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, limit: 101 }), 'limit');
    });

    it('limit defaults to 25', async () => {
      const res = await h.postJson(LIST_JOBS, { id: company.id });
      expect(res.body.data).toHaveLength(25);
      expect(res.body.pagination.hasMore).toBe(true);
    });

    it('a cursor is bound to its company and filters', async () => {
      const p1 = await h.postJson(LIST_JOBS, { id: company.id, limit: 5, remote: false });
      const cursor = p1.body.pagination.nextCursor;
      expect((await h.postJson(LIST_JOBS, { id: company.slug, limit: 5, remote: false, cursor })).status).toBe(200);
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, limit: 5, remote: true, cursor }), 'cursor');
      const other = allCompanies.find((c) => c.id !== company.id)!;
      expectInvalid(await h.postJson(LIST_JOBS, { id: other.id, limit: 5, remote: false, cursor }), 'cursor');
    });
  });

  describe('dropped fields', () => {
    const DROPPED = [
      'workMode',
      'seniority',
      'salaryMin',
      'salaryMax',
      'verifiedAfter',
      'sort',
      'company',
      'companyId',
    ];
    const VALUES: unknown[] = [
      { x: 1 },
      'bogus',
      12345,
      -1,
      true,
      false,
      null,
      [1, 'a', { b: [] }],
      '',
      'senior',
      'remote',
      '2099-01-01',
    ];
    let baseline: any;

    async function page(extra: Record<string, unknown>) {
      const res = await h.postJson(LIST_JOBS, { id: company.id, limit: 50, remote: false, ...extra });
      expect(res.status, JSON.stringify({ extra, body: res.body })).toBe(200);
      return res.body;
    }

    it.each(DROPPED)('%s is accepted with any JSON value and has no effect', async (field) => {
      baseline ??= await page({});
      for (const v of VALUES) expect(await page({ [field]: v }), `${field}=${JSON.stringify(v)}`).toEqual(baseline);
    });

    it('all eight at once, with values that would narrow or reorder a search, change nothing', async () => {
      baseline ??= await page({});
      const body = await page({
        workMode: 'remote',
        seniority: 'director',
        salaryMin: 10_000_000,
        salaryMax: 1,
        verifiedAfter: '2099-01-01',
        sort: 'salary_desc',
        company: 'no such company',
        companyId: 'some-other-company',
      });
      expect(body).toEqual(baseline);
    });

    it('their proto (snake_case) names are unknown fields, like any other snake_case name', async () => {
      for (const name of ['work_mode', 'salary_min', 'salary_max', 'verified_after', 'company_id']) {
        expectFieldErrorBody(await h.postJson(LIST_JOBS, { id: company.id, [name]: 'x' }), name);
      }
    });

    it('cursors are interchangeable with and without them', async () => {
      baseline ??= await page({});
      const next = await page({ cursor: baseline.pagination.nextCursor, sort: 'company', seniority: { x: 1 } });
      const plain = await page({ cursor: baseline.pagination.nextCursor });
      expect(next).toEqual(plain);
      expect(next.data.length).toBeGreaterThan(0);
    });
  });

  it('a company without active jobs answers an empty last page', async () => {
    const w = openFixture({ writable: true });
    try {
      const writer = new IndexWriter(w.db);
      writer.transaction(() =>
        writer.upsertCompany({
          id: '7e0c8a52-1d7e-4c55-9a0e-5b1f4f1f0001',
          slug: 'quiet-co',
          name: 'Quiet Co',
          website: 'https://quiet.example',
          logoUrl: '',
          industry: 'Software',
          employeeCountRange: '1-10',
          createdAt: Date.UTC(2026, 0, 1),
          updatedAt: Date.UTC(2026, 0, 2),
        }),
      );
      refreshStats(w.db, Date.UTC(2026, 10, 1));
      const res = await w.postJson(LIST_JOBS, { id: 'quiet-co' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], pagination: { hasMore: false } });
      const c = await w.postJson(GET, { id: 'quiet-co' });
      expect(c.body.activeJobCount).toBe(0);
      expect(c.body).not.toHaveProperty('foundedYear');
      expect(c.body.logoUrl).toBe('');
    } finally {
      w.close();
    }
  });

  describe('errors', () => {
    it('an unknown field is 400 naming it', async () => {
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, bogusField: 1 }), 'bogusField');
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, salary: 1 }), 'salary');
      // Filters are not nested under a `filters` object.
      expectInvalid(await h.postJson(LIST_JOBS, { id: company.id, filters: { country: 'US' } }), 'filters');
    });

    it('an unknown company is 404, an empty id 400', async () => {
      const res = await h.postJson(LIST_JOBS, { id: 'no-such-company' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      expectInvalid(await h.postJson(LIST_JOBS, { id: '' }), 'id');
    });
  });
});
