// How the real `jobindex serve` answers bodies, types, encodings and headers it cannot take
// (issue #16): always a 4xx in the path's error format with the request id, never a 5xx, and
// nothing logged, since none of it is the service's own failure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BadRequestSchema } from '#shared/gen/google/rpc/error_details_pb';
import { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { ensureBuilt } from '../helpers/built-dist.js';
import { rawExchange } from './raw-http.js';
import { serve, type Served } from './serve-process.js';

const LIST = '/svc.jobs.v1.JobsService/List';
const LIST_JOBS = '/svc.companies.v1.CompaniesService/ListJobs';
let s: Served;
let dir: string;

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-bad-input-'));
  s = await serve('--db', inject('fixtureIndex'), '--accounts', join(dir, 'accounts.sqlite'));
});
afterAll(async () => {
  // Stopped first, so a failed check below leaves no server behind.
  const code = await s?.stop();
  // Access lines only: nothing here is a server failure, so no error is logged.
  expect(s.problems(), 'nothing here is a server failure, so nothing is logged').toEqual([]);
  expect(code).toBe(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const send = (path: string, body: BodyInit, headers: Record<string, string>) =>
  fetch(s.url + path, { method: 'POST', headers: { 'x-request-id': 'bad-1', ...headers }, body });

/** The Connect envelope with the request id echoed. */
async function envelope(r: Response, status: number): Promise<{ code: string; message: string; details?: unknown[] }> {
  expect(r.status).toBe(status);
  expect(r.headers.get('x-request-id')).toBe('bad-1');
  expect(r.headers.get('content-type')).toBe('application/json');
  const body = await r.json();
  expect(body).toEqual({
    code: expect.any(String),
    message: expect.any(String),
    ...(body.details ? { details: expect.any(Array) } : {}),
  });
  return body;
}

describe('malformed binary bodies are 400 saying what is wrong (item 1)', () => {
  it.each([
    ['a truncated varint', Uint8Array.of(0x08), /premature EOF/],
    ['field number 0', Uint8Array.of(0x00, 0x01), /field no 0/],
    ['a length past the end', Uint8Array.of(0x0a, 0x05, 0x61), /premature EOF/],
    ['wire type 7', Uint8Array.of(0x0f), /wire type 7/],
    ['JSON sent as application/proto', new TextEncoder().encode('{"query":{"limit":5}}'), /not a valid protobuf/],
    ['the wrong wire type for a message field', Uint8Array.of(0x08, 0x01), /not a valid protobuf/],
  ])('%s', async (_name, bytes, why) => {
    const body = await envelope(await send(LIST, bytes, { 'content-type': 'application/proto' }), 400);
    expect(body.code).toBe('invalid_argument');
    expect(body.message).toMatch(/^body: is not a valid protobuf svc\.jobs\.v1\.ListRequest/);
    expect(body.message).toMatch(why);
  });
});

describe('a wrong or missing Content-Type is 415 in the envelope (item 2)', () => {
  it.each([
    ['a form type (curl -d)', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a streaming type', { 'content-type': 'application/connect+json' }],
    ['a JSON charset the spec does not use', { 'content-type': 'application/json; charset=latin1' }],
  ])('%s', async (_name, headers) => {
    const body = await envelope(await send(LIST, '{}', headers), 415);
    expect(body.code).toBe('unsupported_media_type');
    expect(body.message).toContain('application/json or application/proto');
  });

  it('no Content-Type at all', async () => {
    const body = await envelope(await send(LIST, new Uint8Array(0), {}), 415);
    expect(body.message).toMatch(/^no Content-Type is not accepted/);
  });

  it('application/json with the UTF-8 charset is read', async () => {
    expect((await send(LIST, '{}', { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it.each([
    'application/json; charset="UTF-8"',
    'application/json ; charset=utf-8',
    'APPLICATION/JSON;CHARSET=UTF8',
    'application/json;',
    'application/json; charset=utf-8; version=1',
  ])('any valid HTTP spelling of JSON in UTF-8 is read, RPC and /v1/: %s', async (type) => {
    expect((await send(LIST, '{"query":{"limit":1}}', { 'content-type': type })).status).toBe(200);
    expect((await send('/v1/reports', '{}', { 'content-type': type })).status).toBe(401);
  });

  it('a binary body with a parameter is read as binary', async () => {
    const r = await send(LIST, Uint8Array.of(0x0a, 0x02, 0x18, 0x01), { 'content-type': 'application/proto; q=1' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/proto');
  });

  it('under /v1/ a JSON charset other than UTF-8 is 415 too', async () => {
    const r = await send('/v1/reports', '{}', { 'content-type': 'application/json; charset=latin1' });
    expect(r.status).toBe(415);
  });

  it('a long malformed type is refused at once', async () => {
    const t = Date.now();
    const body = await envelope(
      await send(LIST, '{}', { 'content-type': `application/json${'; '.repeat(4000)}x` }),
      415,
    );
    expect(body.code).toBe('unsupported_media_type');
    expect(Date.now() - t).toBeLessThan(1000);
  });
});

describe('the field of a validation error is machine-readable (item 3)', () => {
  it('as a google.rpc.BadRequest detail a Connect client decodes, JSON and binary', async () => {
    for (const useBinaryFormat of [false, true]) {
      const jobs = createClient(
        JobsService,
        createConnectTransport({ baseUrl: s.url, useBinaryFormat, fetch: globalThis.fetch }),
      );
      const e = await jobs.list({ query: { limit: 0 } }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ConnectError);
      expect((e as ConnectError).code).toBe(Code.InvalidArgument);
      expect((e as ConnectError).rawMessage).toMatch(/^query\.limit: /);
      const [bad] = (e as ConnectError).findDetails(BadRequestSchema);
      expect(bad?.fieldViolations.map((v) => v.field)).toEqual(['query.limit']);
    }
  });

  it('with the path in its debug JSON for clients that read the envelope by hand', async () => {
    const body = await envelope(
      await send(LIST, '{"query":{"filters":{"work_mode":"remote"}}}', { 'content-type': 'application/json' }),
      400,
    );
    expect(body.message).toBe('query.filters.work_mode: unknown field');
    expect(body.details).toEqual([
      {
        type: 'google.rpc.BadRequest',
        value: expect.any(String),
        debug: { fieldViolations: [{ field: 'query.filters.work_mode', description: 'unknown field' }] },
      },
    ]);
  });
});

describe('Content-Encoding (item 8)', () => {
  const json = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

  it('gzip is read, JSON and binary', async () => {
    const plain = await (
      await send(LIST, json({ query: { limit: 3 } }), { 'content-type': 'application/json' })
    ).json();
    const zipped = await send(LIST, gzipSync(json({ query: { limit: 3 } })), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(zipped.status).toBe(200);
    expect(await zipped.json()).toEqual(plain);
    // ListRequest { query: { limit: 3 } }: field 1 (length 2) holding field 3 = 3.
    const binary = await send(LIST, gzipSync(Uint8Array.of(0x0a, 0x02, 0x18, 0x03)), {
      'content-type': 'application/proto',
      'content-encoding': 'gzip',
    });
    expect(binary.status).toBe(200);
  });

  it('answers are never compressed, whatever the client accepts, and keep "salary": null', async () => {
    const accepts = { 'accept-encoding': 'gzip', 'connect-accept-encoding': 'gzip', 'connect-protocol-version': '1' };
    for (const [body, encoding] of [
      [json({ query: { limit: 50 } }), {}],
      [gzipSync(json({ query: { limit: 50 } })), { 'content-encoding': 'gzip' }],
    ] as const) {
      const r = await send(LIST, body, { 'content-type': 'application/json', ...accepts, ...encoding });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-encoding')).toBeNull();
      const cards = ((await r.json()) as { data: Array<Record<string, unknown>> }).data;
      expect(cards.some((c) => c.salary === null)).toBe(true);
    }
  });

  it('identity and an empty header are no encoding', async () => {
    for (const enc of ['identity', '']) {
      expect(
        (await send(LIST, '{}', { 'content-type': 'application/json', 'content-encoding': enc })).status,
        enc,
      ).toBe(200);
    }
  });

  it('the 64 KiB limit holds for the decompressed body: a small bomb is 413', async () => {
    const bomb = gzipSync(new Uint8Array(10 * 1024 * 1024));
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    const body = await envelope(
      await send(LIST, bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
      413,
    );
    expect(body.code).toBe('payload_too_large');
  });

  it('an encoding the service does not read is 415 naming the ones it does; broken gzip is 400', async () => {
    for (const enc of ['br', 'deflate', 'gzip, gzip']) {
      const body = await envelope(
        await send(LIST, '{}', { 'content-type': 'application/json', 'content-encoding': enc }),
        415,
      );
      expect(body.code).toBe('unsupported_media_type');
      expect(body.message).toContain('gzip, identity or none');
    }
    const broken = await envelope(
      await send(LIST, 'not gzip', { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
      400,
    );
    expect(broken.message).toMatch(/^body: is not valid gzip/);
  });

  it('under /v1/ too, in problem+json', async () => {
    const r = await send('/v1/auth/login', '{}', { 'content-type': 'application/json', 'content-encoding': 'br' });
    expect(r.status).toBe(415);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
    const login = await send('/v1/auth/login', gzipSync(json({ bogus: 1 })), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(login.status).toBe(400);
    expect((await login.json()).details).toEqual({ field: 'bogus' });
  });
});

describe('low-level HTTP errors carry the request id and a body (item 10)', () => {
  const bigHeader = (path: string) => (sock: import('node:net').Socket) =>
    sock.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nX-Request-ID: big-1\r\nX-Filler: ${'a'.repeat(20_000)}\r\nContent-Length: 2\r\n\r\n{}`,
    );

  it('a 20 KB header is 431 in the Connect envelope on RPC paths', async () => {
    const r = await rawExchange(s.url, bigHeader(LIST));
    expect(r.status).toBe(431);
    expect(r.headers['x-request-id']).toBe('big-1');
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ code: 'headers_too_large', message: expect.stringContaining('16 KiB') });
  });

  it('and in problem+json under /v1/', async () => {
    const r = await rawExchange(s.url, bigHeader('/v1/reports'));
    expect(r.status).toBe(431);
    expect(r.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(r.body)).toMatchObject({
      status: 431,
      code: 'headers_too_large',
      request_id: 'big-1',
      instance: '/v1/reports',
    });
  });

  it('a broken request line is 400 with a generated id', async () => {
    const r = await rawExchange(s.url, (sock) => sock.write('NOT HTTP AT ALL\r\n\r\n'));
    expect(r.status).toBe(400);
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(r.body)).toMatchObject({ code: 'invalid_argument' });
  });
});

describe('/v1/ bodies must be JSON (item 11)', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    '%s is 415 problem+json',
    async (type) => {
      for (const path of ['/v1/reports', '/v1/auth/login', '/v1/auth/password/forgot']) {
        const r = await send(path, '{"job_id":"x","type":"expired"}', { 'content-type': type });
        expect(r.status, path).toBe(415);
        expect(r.headers.get('content-type')).toBe('application/problem+json');
        expect(r.headers.get('x-request-id')).toBe('bad-1');
        expect(await r.json()).toMatchObject({
          status: 415,
          code: 'unsupported_media_type',
          instance: path,
          request_id: 'bad-1',
        });
      }
    },
  );

  it('application/json goes on to the endpoint (401 without a session)', async () => {
    expect((await send('/v1/reports', '{}', { 'content-type': 'application/json' })).status).toBe(401);
  });
});

describe('deep values in the fields ListJobs drops are dropped (item 12)', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it('JSON: 150 and 15,000 levels inside workMode and sort answer the page', async () => {
    const plain = await (
      await send(LIST_JOBS, '{"id":"boreal-media","limit":3}', { 'content-type': 'application/json' })
    ).json();
    for (const n of [150, 15_000]) {
      const r = await send(
        LIST_JOBS,
        `{"id":"boreal-media","limit":3,"workMode":${deep(n)},"sort":{"a":${deep(150)}}}`,
        { 'content-type': 'application/json' },
      );
      expect(r.status, String(n)).toBe(200);
      expect(await r.json()).toEqual(plain);
    }
  });

  it('binary: a Value nested 1,000 deep in field 20 (workMode)', async () => {
    // Value{list_value (6): ListValue{values (1): [Value…]}}, innermost Value{null_value (1): 0}.
    let v: number[] = [0x08, 0x00];
    const len = (n: number): number[] => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...len(n >>> 7)]);
    for (let i = 0; i < 1000; i++) {
      const list = [0x0a, ...len(v.length), ...v];
      v = [0x32, ...len(list.length), ...list];
    }
    const id = [...new TextEncoder().encode('boreal-media')];
    const bytes = Uint8Array.from([0x0a, id.length, ...id, 0xa2, 0x01, ...len(v.length), ...v]);
    const r = await send(LIST_JOBS, bytes, { 'content-type': 'application/proto' });
    expect(r.status).toBe(200);
  });
});

describe('a JSON body names each key once and holds whole Unicode strings', () => {
  const json = { 'content-type': 'application/json' };

  it('a repeated key is 400 naming it, at any depth, instead of the last one silently winning', async () => {
    for (const [text, field] of [
      ['{"query":{"limit":1,"limit":2}}', 'query.limit'],
      ['{"query":{"filters":{"sort":"newest"},"filters":{"sort":"company"}}}', 'query.filters'],
      ['{"query":{"limit":1},"query":{"limit":2}}', 'query'],
      ['{"query":{"query":"a","\\u0071uery":"b"}}', 'query.query'],
    ] as const) {
      const body = await envelope(await send(LIST, text, json), 400);
      expect(body.code, text).toBe('invalid_argument');
      expect(body.message, text).toBe(`${field}: appears more than once`);
    }
  });

  it('the same key in two objects is no repeat', async () => {
    const r = await send(LIST, '{"query":{"limit":1,"filters":{"sort":"newest"},"query":"limit filters"}}', json);
    expect(r.status).toBe(200);
  });

  it('a lone surrogate escape is 400 naming its field', async () => {
    const body = await envelope(await send(LIST, '{"query":{"query":"nurse \\ud800"}}', json), 400);
    expect(body.message).toBe('query.query: is not valid Unicode (a lone surrogate)');
    expect((await send(LIST, '{"query":{"query":"\\ud83d\\ude00"}}', json)).status).toBe(200);
  });

  it('under /v1/ too: problem+json with details.field', async () => {
    const r = await send(
      '/v1/auth/login',
      '{"email":"a@example.com","email":"b@example.com","password":"whatever1"}',
      json,
    );
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
    expect(await r.json()).toMatchObject({
      code: 'invalid_request',
      details: { field: 'email' },
      detail: 'email: appears more than once',
    });
  });
});
