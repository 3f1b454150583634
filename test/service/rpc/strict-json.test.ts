import { create, toBinary } from '@bufbuild/protobuf';
import { WireType } from '@bufbuild/protobuf/wire';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { checkMessage, checkNoUnknownFields } from '../../../electron/service/rpc/strict-json.js';
import { readBody, PayloadTooLarge } from '#service/rpc/request-body';
import {
  CompaniesService,
  ListJobsRequestSchema,
  ListRequestSchema as CompaniesListRequestSchema,
} from '#shared/gen/svc/companies/v1/companies_pb';
import {
  GetResponseSchema as JobDetailSchema,
  JobsService,
  ListRequestSchema as JobsListRequestSchema,
} from '#shared/gen/svc/jobs/v1/jobs_pb';
import { FieldError } from '#shared/rules/field-error';
import { expectFieldErrorBody } from '../../helpers/field-error-body.js';
import { openFixture } from '../../helpers/fixture.js';

const h = openFixture();
afterAll(() => h.close());

const JOBS_LIST = '/svc.jobs.v1.JobsService/List';
const JOBS_GET = '/svc.jobs.v1.JobsService/Get';
const COMPANIES_LIST = '/svc.companies.v1.CompaniesService/List';
const LIST_JOBS = '/svc.companies.v1.CompaniesService/ListJobs';

const expectInvalid = expectFieldErrorBody;

function fieldOf(fn: () => void): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof FieldError) return e.field;
    throw e;
  }
  return undefined;
}

/** Sends raw bytes to a handler with the given content type. */
async function postRaw(
  handlers: Map<string, UniversalHandler>,
  path: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<{ status: number; text: string }> {
  const res = await handlers.get(path)!({
    httpVersion: '1.1',
    url: `http://localhost${path}`,
    method: 'POST',
    header: new Headers({ 'content-type': contentType }),
    body: (async function* () {
      yield bytes;
    })(),
    signal: new AbortController().signal,
  });
  const chunks: Uint8Array[] = [];
  if (res.body) for await (const c of res.body as AsyncIterable<Uint8Array>) chunks.push(c);
  return { status: res.status ?? 200, text: Buffer.concat(chunks).toString('utf8') };
}

describe('checkMessage (unit)', () => {
  it('accepts known keys by their camelCase JSON name only', () => {
    expect(
      fieldOf(() =>
        checkMessage(JobsListRequestSchema, { query: { query: 'x', filters: { salaryMin: 1 }, limit: 5 } }),
      ),
    ).toBeUndefined();
    expect(
      fieldOf(() =>
        checkMessage(ListJobsRequestSchema, { id: 'x', employmentType: 'contract', discoveredAfter: '2026-01-01' }),
      ),
    ).toBeUndefined();
    // The proto (snake_case) name is an unknown field, as the spec's example `filters.work_mode` says.
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { filters: { salary_min: 2 } } }))).toBe(
      'query.filters.salary_min',
    );
    expect(fieldOf(() => checkMessage(ListJobsRequestSchema, { id: 'x', employment_type: 'contract' }))).toBe(
      'employment_type',
    );
  });

  it('names unknown keys by dotted path at every depth', () => {
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { bogus: 1 }))).toBe('bogus');
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { bogus: 1 } }))).toBe('query.bogus');
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { filters: { work_modes: 'x' } } }))).toBe(
      'query.filters.work_modes',
    );
    // Case matters: JSON names are camelCase, proto names snake_case, nothing else.
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { filters: { SalaryMin: 1 } } }))).toBe(
      'query.filters.SalaryMin',
    );
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { filters: { salarymin: 1 } } }))).toBe(
      'query.filters.salarymin',
    );
  });

  it('names list items by index', () => {
    expect(fieldOf(() => checkMessage(JobDetailSchema, { locations: [{ city: 'x' }, { town: 'y' }] }))).toBe(
      'locations[1].town',
    );
    expect(fieldOf(() => checkMessage(JobDetailSchema, { locations: [{ remote: 'yes' }] }))).toBe(
      'locations[0].remote',
    );
    expect(fieldOf(() => checkMessage(JobDetailSchema, { locations: { city: 'x' } }))).toBe('locations');
  });

  it('names wrongly typed values', () => {
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { limit: 'ten' } }))).toBe('query.limit');
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { limit: 2.5 } }))).toBe('query.limit');
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { limit: 2 ** 31 } }))).toBe('query.limit');
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { limit: true } }))).toBe('query.limit');
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { filters: { country: 5 } } }))).toBe(
      'query.filters.country',
    );
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { filters: { remote: 'true' } } }))).toBe(
      'query.filters.remote',
    );
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { query: { text: 'x' } } }))).toBe('query.query');
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: 'engineer' }))).toBe('query');
    expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { filters: [] } }))).toBe('query.filters');
    expect(fieldOf(() => checkMessage(CompaniesListRequestSchema, { query: ['a'] }))).toBe('query');
    expect(fieldOf(() => checkMessage(CompaniesListRequestSchema, []))).toBe('body');
    expect(fieldOf(() => checkMessage(CompaniesListRequestSchema, 'x'))).toBe('body');
  });

  it('treats null as not set, and drops google.protobuf.Value fields whatever they hold', () => {
    expect(
      fieldOf(() => checkMessage(JobsListRequestSchema, { query: { query: null, filters: null, limit: null } })),
    ).toBeUndefined();
    for (const v of [{ x: 1 }, 'bogus', 1, true, null, [1, { a: [] }]]) {
      const body = { id: 'x', sort: v, salaryMin: v };
      expect(fieldOf(() => checkMessage(ListJobsRequestSchema, body))).toBeUndefined();
      expect(body).toEqual({ id: 'x' });
    }
  });

  it('says what is wrong with an integer: its JSON type, a fraction, or the 32-bit range', () => {
    const messageOf = (limit: unknown) => {
      try {
        checkMessage(JobsListRequestSchema, { query: { limit } });
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(messageOf('10')).toBe('query.limit: must be an integer written as a JSON number, not a string');
    expect(messageOf(true)).toBe('query.limit: must be an integer written as a JSON number, not a boolean');
    expect(messageOf(2.5)).toBe('query.limit: must be a whole number, got 2.5');
    expect(messageOf(2 ** 31)).toBe('query.limit: must be an integer from -2147483648 to 2147483647, got 2147483648');
  });

  it('refuses integers written as JSON strings', () => {
    for (const limit of ['10', '1e1', '']) {
      expect(fieldOf(() => checkMessage(JobsListRequestSchema, { query: { limit } }))).toBe('query.limit');
    }
  });
});

describe('strict JSON over the wire', () => {
  it('unknown keys are 400 naming the dotted path', async () => {
    expectInvalid(await h.postJson(JOBS_LIST, { bogus: 1 }), 'bogus');
    expectInvalid(await h.postJson(JOBS_LIST, { query: { bogus: 1 } }), 'query.bogus');
    expectInvalid(
      await h.postJson(JOBS_LIST, { query: { filters: { work_modes: 'remote' } } }),
      'query.filters.work_modes',
    );
    expectInvalid(
      await h.postJson(JOBS_LIST, { query: { filters: { work_mode: 'remote' } } }),
      'query.filters.work_mode',
    );
    // Both spellings: the snake_case one is named, not protobuf's "set multiple times".
    expectInvalid(
      await h.postJson(JOBS_LIST, { query: { filters: { workMode: 'remote', work_mode: 'remote' } } }),
      'query.filters.work_mode',
    );
    expectInvalid(await h.postJson(LIST_JOBS, { id: 'boreal-media', employment_type: 'contract' }), 'employment_type');
    expectInvalid(
      await h.postJson(JOBS_LIST, { query: { filters: { country: 'US', nested: { deeper: 1 } } } }),
      'query.filters.nested',
    );
    expectInvalid(
      await h.postJson(JOBS_GET, { id: '003648e9-e306-4f73-8868-983b7a2a1b70', fields: ['title'] }),
      'fields',
    );
    expectInvalid(await h.postJson(COMPANIES_LIST, { q: 'blue' }), 'q');
  });

  it('filters at the top level of a JobsService.List body are unknown (they nest under query)', async () => {
    expectInvalid(await h.postJson(JOBS_LIST, { filters: { country: 'US' } }), 'filters');
    expectInvalid(await h.postJson(JOBS_LIST, { limit: 5 }), 'limit');
  });

  it('camelCase filters filter; their snake_case spellings are unknown fields', async () => {
    const camel = await h.postJson(JOBS_LIST, {
      query: {
        filters: { salaryMin: 100000, employmentType: 'full_time', companyId: 'boreal-media', workMode: 'hybrid' },
        limit: 50,
      },
    });
    expect(camel.status).toBe(200);
    expect(camel.body.data.length).toBeGreaterThan(0);
    for (const c of camel.body.data) {
      expect(c.employmentType).toBe('full_time');
      expect(c.companySlug).toBe('boreal-media');
      expect(c.salary.max).toBeGreaterThanOrEqual(100000);
    }
    const all = await h.postJson(JOBS_LIST, { query: { limit: 50 } });
    expect(all.body.data).not.toEqual(camel.body.data);
    for (const [snake, camelName] of [
      ['salary_min', 'salaryMin'],
      ['employment_type', 'employmentType'],
      ['company_id', 'companyId'],
    ] as const) {
      const filters = { [snake]: (camel.body.data[0] as Record<string, unknown>)[camelName] ?? 1 };
      expectInvalid(await h.postJson(JOBS_LIST, { query: { filters } }), `query.filters.${snake}`);
    }
  });

  it.each([
    ['string for limit', { query: { limit: 'ten' } }, 'query.limit'],
    ['fraction for limit', { query: { limit: 2.5 } }, 'query.limit'],
    ['boolean for limit', { query: { limit: true } }, 'query.limit'],
    ['number for country', { query: { filters: { country: 49 } } }, 'query.filters.country'],
    ['string for remote', { query: { filters: { remote: 'true' } } }, 'query.filters.remote'],
    ['string for salaryMin', { query: { filters: { salaryMin: 'lots' } } }, 'query.filters.salaryMin'],
    ['object for query text', { query: { query: { text: 'engineer' } } }, 'query.query'],
    ['string for the query object', { query: 'engineer' }, 'query'],
    ['array for filters', { query: { filters: ['country', 'US'] } }, 'query.filters'],
  ])('JobsService.List with %s is 400 naming the field', async (_name, body, field) => {
    expectInvalid(await h.postJson(JOBS_LIST, body), field);
  });

  it.each([
    ['object for query', { query: { text: 'blue' } }, 'query'],
    ['string for limit', { limit: 'many' }, 'limit'],
    ['number for cursor', { cursor: 12 }, 'cursor'],
  ])('CompaniesService.List with %s is 400 naming the field', async (_name, body, field) => {
    expectInvalid(await h.postJson(COMPANIES_LIST, body), field);
  });

  it('CompaniesService.ListJobs with a number for id or a string for remote is 400 naming the field', async () => {
    expectInvalid(await h.postJson(LIST_JOBS, { id: 42 }), 'id');
    expectInvalid(await h.postJson(LIST_JOBS, { id: 'boreal-media', remote: 'yes' }), 'remote');
    expectInvalid(await h.postJson(LIST_JOBS, { id: 'boreal-media', country: ['US'] }), 'country');
  });

  it('a numeric string where the spec says integer is 400 naming the field', async () => {
    expectInvalid(await h.postJson(JOBS_LIST, { query: { limit: '3' } }), 'query.limit');
    expectInvalid(await h.postJson(COMPANIES_LIST, { limit: '10' }), 'limit');
    expectInvalid(await h.postJson(LIST_JOBS, { id: 'boreal-media', limit: '5' }), 'limit');
  });

  it('null means not set', async () => {
    const res = await h.postJson(JOBS_LIST, { query: { query: null, filters: null, limit: null } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(25);
  });

  it('an empty body is an empty request', async () => {
    const res = await h.postJson(JOBS_LIST, '');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(25);
  });

  it.each([
    ['truncated', '{"query":'],
    ['trailing comma', '{"query":{"limit":5,}}'],
    ['single quotes', "{'query':{}}"],
    ['not JSON at all', 'limit=5'],
  ])('malformed JSON (%s) is 400', async (_name, text) => {
    const res = await h.postJson(JOBS_LIST, text);
    expectInvalid(res, 'body');
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"query"'],
    ['a number', '5'],
    ['null', 'null'],
  ])('a body that is %s is 400', async (_name, text) => {
    expectInvalid(await h.postJson(JOBS_LIST, text), 'body');
  });

  it('invalid UTF-8 is 400', async () => {
    const res = await postRaw(
      h.handlers,
      JOBS_LIST,
      Uint8Array.of(0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d),
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).code).toBe('invalid_argument');
  });

  it('a request naming the content type with a charset is still checked', async () => {
    const res = await postRaw(
      h.handlers,
      JOBS_LIST,
      new TextEncoder().encode('{"bogus":1}'),
      'application/json; charset=utf-8',
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).message.startsWith('bogus:')).toBe(true);
  });
});

describe('binary (protobuf) requests', () => {
  const transport = createInMemoryTransport(h.handlers, { binary: true });
  const jobs = createClient(JobsService, transport);
  const companies = createClient(CompaniesService, transport);

  async function code(p: Promise<unknown>): Promise<{ code: Code; message: string }> {
    try {
      await p;
    } catch (e) {
      expect(e).toBeInstanceOf(ConnectError);
      return { code: (e as ConnectError).code, message: (e as ConnectError).rawMessage };
    }
    throw new Error('expected the call to fail');
  }

  it('a well-formed binary request works', async () => {
    const res = await jobs.list({ query: { query: 'engineer', limit: 3 } });
    expect(res.data).toHaveLength(3);
  });

  it('unknown fields at the top level are refused naming the field number', async () => {
    const req = create(JobsListRequestSchema, { query: { limit: 3 } });
    req.$unknown = [{ no: 99, wireType: WireType.Varint, data: Uint8Array.of(1) }];
    const err = await code(jobs.list(req));
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.message).toBe('#99: unknown field');
  });

  it('unknown fields in nested messages are refused naming their path', async () => {
    const req = create(JobsListRequestSchema, { query: { limit: 3, filters: { country: 'US' } } });
    req.query!.filters!.$unknown = [{ no: 42, wireType: WireType.LengthDelimited, data: Uint8Array.of(1, 0x41) }];
    const err = await code(jobs.list(req));
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.message).toBe('query.filters.#42: unknown field');

    const q = create(JobsListRequestSchema, { query: { limit: 3 } });
    q.query!.$unknown = [{ no: 7, wireType: WireType.Varint, data: Uint8Array.of(5) }];
    expect((await code(jobs.list(q))).message).toBe('query.#7: unknown field');
  });

  it('hand-encoded bytes with an unknown field are refused over the raw handler', async () => {
    // CompaniesService.List { limit: 5 (field 2, varint) } + field 15 (varint 1), encoded by hand.
    const bytes = Uint8Array.of(0x10, 0x05, 0x78, 0x01);
    const res = await postRaw(h.handlers, COMPANIES_LIST, bytes, 'application/proto');
    expectInvalid({ status: res.status, body: JSON.parse(res.text) }, '#15');
    expect(JSON.parse(res.text).message).toBe('#15: unknown field');
    // The same bytes without the unknown field are answered.
    const ok = await postRaw(h.handlers, COMPANIES_LIST, Uint8Array.of(0x10, 0x05), 'application/proto');
    expect(ok.status).toBe(200);
  });

  it('the hand encoding matches what protobuf-es writes', () => {
    expect(toBinary(CompaniesListRequestSchema, create(CompaniesListRequestSchema, { limit: 5 }))).toEqual(
      Uint8Array.of(0x10, 0x05),
    );
  });

  it('request rules apply to binary requests too', async () => {
    const err = await code(companies.list({ limit: 0 }));
    expect(err.code).toBe(Code.InvalidArgument);
    expect(err.message.startsWith('limit:')).toBe(true);
    const nf = await code(jobs.get({ id: '00000000-0000-4000-8000-000000000000' }));
    expect(nf.code).toBe(Code.NotFound);
  });

  it('checkNoUnknownFields finds unknown fields in list items', () => {
    const msg = create(JobDetailSchema, { locations: [{ city: 'a' }, { city: 'b' }] });
    msg.locations[1]!.$unknown = [{ no: 9, wireType: WireType.Varint, data: Uint8Array.of(0) }];
    expect(fieldOf(() => checkNoUnknownFields(JobDetailSchema, msg as unknown as Record<string, unknown>))).toBe(
      'locations[1].#9',
    );
  });
});

describe('request body size', () => {
  async function* chunks(sizes: number[]) {
    for (const n of sizes) yield new Uint8Array(n);
  }

  it('reads bodies up to 64 KiB', async () => {
    expect((await readBody(chunks([32 * 1024, 32 * 1024]))).byteLength).toBe(64 * 1024);
  });

  it('gives up past 64 KiB', async () => {
    await expect(readBody(chunks([64 * 1024, 1]))).rejects.toBeInstanceOf(PayloadTooLarge);
  });

  it("answers a body over 64 KiB with 413 payload_too_large, not Connect's 429", async () => {
    const big = JSON.stringify({ query: { query: 'x', cursor: 'c'.repeat(70 * 1024) } });
    const res = await h.postJson('/svc.jobs.v1.JobsService/List', big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'payload_too_large', message: 'request body exceeds 65536 bytes' });
  });

  it('accepts a body of exactly 64 KiB (and judges its content)', async () => {
    const base = JSON.stringify({ query: { cursor: '' } });
    const body = JSON.stringify({ query: { cursor: 'c'.repeat(64 * 1024 - base.length) } });
    expect(Buffer.byteLength(body)).toBe(64 * 1024);
    const res = await h.postJson('/svc.jobs.v1.JobsService/List', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^query\.cursor: /);
  });
});
