import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, describe, expect, it } from 'vitest';
import { expectFieldErrorBody } from '../../helpers/field-error-body.js';
import { openFixture } from '../../helpers/fixture.js';

// Request rules of JobsService.List: every broken rule is a 400 `invalid_argument` whose message
// names the offending field by its dotted JSON path; valid edge values are accepted.

const h = openFixture();
afterAll(() => h.close());

const LIST = '/svc.jobs.v1.JobsService/List';

async function expectInvalid(body: unknown, field: string): Promise<string> {
  const res = await h.postJson(LIST, body);
  expectFieldErrorBody(res, field);
  return res.body.message as string;
}

async function expectOk(body: unknown): Promise<any> {
  const res = await h.postJson(LIST, body);
  expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(200);
  expect(Array.isArray(res.body.data)).toBe(true);
  return res.body;
}

const filters = (f: Record<string, unknown>) => ({ query: { filters: f } });

describe('unknown fields', () => {
  it.each([
    [{ bogus: 1 }, 'bogus'],
    [{ query: { bogus: 1 } }, 'query.bogus'],
    [{ query: { filters: { bogus: 1 } } }, 'query.filters.bogus'],
    [{ query: { query: 'engineer', filters: { country: 'US', salaryMinimum: 10 } } }, 'query.filters.salaryMinimum'],
    [{ query: { limit: 5, pageSize: 5 } }, 'query.pageSize'],
  ])('%j → 400 naming %s', async (body, field) => {
    const message = await expectInvalid(body, field);
    // The path is named exactly, not as a prefix of a longer one.
    expect(message).toMatch(new RegExp(`(^|[^.\\w])${field.replace(/\./g, '\\.')}([^.\\w]|$)`));
  });
});

describe('wrongly typed fields', () => {
  it.each([
    [{ query: { query: 5 } }, 'query.query'],
    [{ query: { limit: 'ten' } }, 'query.limit'],
    [{ query: { limit: 2.5 } }, 'query.limit'],
    [filters({ remote: 'yes' }), 'query.filters.remote'],
    [filters({ salaryMin: 'lots' }), 'query.filters.salaryMin'],
    [{ query: 'engineer' }, 'query'],
  ])('%j → 400 naming %s', async (body, field) => {
    await expectInvalid(body, field);
  });

  it('a body that is not JSON → 400 invalid_argument', async () => {
    const res = await h.postJson(LIST, '{"query": ');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_argument');
  });
});

describe('country', () => {
  it.each(['ZZ', 'USA', 'U', 'U1', 'xx'])('%s → 400 naming query.filters.country', async (country) => {
    await expectInvalid(filters({ country }), 'query.filters.country');
  });

  it('is uppercased: de and DE give the same jobs', async () => {
    const a = await expectOk({ query: { filters: { country: 'de' }, limit: 50 } });
    const b = await expectOk({ query: { filters: { country: 'DE' }, limit: 50 } });
    expect(a.data.length).toBeGreaterThan(0);
    expect(a.data.map((c: any) => c.id)).toEqual(b.data.map((c: any) => c.id));
  });
});

describe('closed vocabularies', () => {
  it.each([
    ['employmentType', 'fulltime'],
    ['employmentType', 'freelance'],
    ['seniority', 'ceo'],
    ['seniority', 'principal'],
    ['workMode', 'space'],
    ['sort', 'random'],
    ['sort', 'oldest'],
  ])('%s = %s → 400 naming it', async (field, value) => {
    await expectInvalid(filters({ [field]: value }), `query.filters.${field}`);
  });

  it.each([
    ['employmentType', ['full_time', 'part_time', 'contract', 'internship', 'temporary']],
    ['seniority', ['intern', 'junior', 'mid', 'senior', 'lead', 'staff', 'manager', 'director']],
    ['workMode', ['remote', 'hybrid', 'onsite']],
    ['sort', ['relevance', 'newest', 'recently_verified', 'salary_desc', 'company']],
  ] as const)('every value of %s is accepted', async (field, values) => {
    for (const v of values) await expectOk(filters({ [field]: v }));
  });
});

describe('limit', () => {
  it.each([0, 101, -1, 1000])('%i → 400 naming query.limit', async (limit) => {
    await expectInvalid({ query: { limit } }, 'query.limit');
  });

  it('defaults to 25 and accepts 1 and 100', async () => {
    expect((await expectOk({})).data).toHaveLength(25);
    expect((await expectOk({ query: {} })).data).toHaveLength(25);
    expect((await expectOk({ query: { query: 'engineer' } })).data).toHaveLength(25);
    expect((await expectOk({ query: { limit: 1 } })).data).toHaveLength(1);
    expect((await expectOk({ query: { limit: 100 } })).data).toHaveLength(100);
  });
});

describe('query text length', () => {
  const text = (n: number, unit = 'engineer ') => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

  it('200 characters are accepted, 201 are not', async () => {
    expect(text(200)).toHaveLength(200);
    await expectOk({ query: { query: text(200) } });
    await expectInvalid({ query: { query: text(201) } }, 'query.query');
  });

  it('counts characters, not bytes', async () => {
    await expectOk({ query: { query: 'ü'.repeat(200) } });
    await expectInvalid({ query: { query: 'ü'.repeat(201) } }, 'query.query');
  });
});

describe('dates', () => {
  const bad = [
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    'yesterday',
    '10/01/2026',
    '2026-10-01T25:00:00Z',
    '2026-10-01T10:00:00',
    '2026-10-01 10:00:00Z',
  ];
  it.each(bad)('discoveredAfter %j → 400 naming it', async (d) => {
    await expectInvalid(filters({ discoveredAfter: d }), 'query.filters.discoveredAfter');
  });
  it.each(bad)('verifiedAfter %j → 400 naming it', async (d) => {
    await expectInvalid(filters({ verifiedAfter: d }), 'query.filters.verifiedAfter');
  });

  it.each([
    '2026-10-01',
    '2024-02-29',
    '2026-10-01T00:00:00Z',
    '2026-10-01T10:30:00.123Z',
    '2026-10-01T10:30:00+05:30',
    '2026-10-01T10:30:00-08:00',
  ])('%s is accepted by both date filters', async (d) => {
    await expectOk(filters({ discoveredAfter: d }));
    await expectOk(filters({ verifiedAfter: d }));
  });
});

describe('through the Connect client', () => {
  it('a broken rule is a ConnectError with code InvalidArgument', async () => {
    const err = await h.jobs.list({ query: { filters: { country: 'ZZ' } } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.InvalidArgument);
    expect((err as ConnectError).rawMessage).toContain('query.filters.country');
  });
});
