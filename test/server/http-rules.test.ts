// The HTTP rules every path follows (spec § Errors, Status codes, Limits), against the real
// `jobindex serve` in a child process, with raw HTTP as any client would send it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../helpers/built-dist.js';
import { rawExchange } from './raw-http.js';
import { serve, type Served } from './serve-process.js';

const LIST = '/svc.jobs.v1.JobsService/List';
const LIMIT = 64 * 1024;
let s: Served;

beforeAll(async () => {
  await ensureBuilt();
  s = await serve('--db', inject('fixtureIndex'));
});
afterAll(async () => {
  expect(await s?.stop()).toBe(0);
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('the access log', () => {
  it('writes one JSON line per request to stderr: its id, method, path, status and duration', async () => {
    const sent = [
      [LIST, '{}', 200],
      ['/nope', '{}', 404],
      [LIST, '{"query":{"limit":"ten"}}', 400],
    ] as const;
    for (const [i, [path, body, status]] of sent.entries())
      expect((await post(path, body, { 'X-Request-ID': `access-${i}` })).status).toBe(status);
    // The line is written once the answer is sent, which the client may see first.
    await expect.poll(() => s.log().filter((l) => l.reqId?.startsWith('access-')).length).toBe(sent.length);
    for (const [i, [path, , status]] of sent.entries()) {
      const lines = s.log().filter((l) => l.reqId === `access-${i}`);
      expect(lines).toEqual([
        expect.objectContaining({
          msg: 'request',
          method: 'POST',
          path,
          status,
          finished: true,
          ms: expect.any(Number),
        }),
      ]);
    }
  });
});

describe('X-Request-ID', () => {
  it('echoes a sane id on success and on errors', async () => {
    for (const [path, body] of [
      [LIST, '{}'],
      ['/nope', '{}'],
      ['/v1/reports', '{}'],
      [LIST, '{"x":1}'],
    ] as const) {
      const r = await post(path, body, { 'X-Request-ID': 'req-42.abc' });
      expect(r.headers.get('x-request-id'), path).toBe('req-42.abc');
    }
  });

  it('generates a uuid when none is sent, or an empty or over-long one', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const a = (await post(LIST, '{}')).headers.get('x-request-id');
    const b = (await post(LIST, '{}')).headers.get('x-request-id');
    expect(a).toMatch(uuid);
    expect(b).toMatch(uuid);
    expect(a).not.toBe(b);
    for (const bad of ['x'.repeat(1025), '', '   ']) {
      expect((await post(LIST, '{}', { 'X-Request-ID': bad })).headers.get('x-request-id')).toMatch(uuid);
    }
  });

  it('echoes any printable ASCII id up to 1,024 characters, spaces and quotes included', async () => {
    for (const sent of [
      'y'.repeat(1024),
      'x'.repeat(201),
      'has space',
      'quote"d',
      `all ${String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 32 + i))}`.trim(),
    ]) {
      const r = await post(LIST, '{}', { 'X-Request-ID': sent });
      expect(r.headers.get('x-request-id')).toBe(sent);
    }
  });

  it('replaces only control and non-ASCII characters, one _ each', async () => {
    const r = await rawExchange(s.url, (sock) =>
      sock.write(
        Buffer.concat([
          Buffer.from(
            `POST ${LIST} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nX-Request-ID: a\tb `,
          ),
          Buffer.from('é', 'utf8'),
          Buffer.from(' c\r\n\r\n{}'),
        ]),
      ),
    );
    expect(r.status).toBe(200);
    // A tab is the one control character Node's parser lets into a header value.
    expect(r.headers['x-request-id']).toBe('a_b __ c');
  });

  it('puts the request id into problem+json', async () => {
    const r = await post('/v1/reports', '{}', { 'X-Request-ID': 'prob-1' });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
    expect(await r.json()).toMatchObject({
      status: 404,
      code: 'not_found',
      instance: '/v1/reports',
      request_id: 'prob-1',
      title: expect.any(String),
      detail: expect.any(String),
    });
  });
});

describe('413 payload_too_large', () => {
  const big = JSON.stringify({ query: { query: 'x'.repeat(LIMIT) } });

  it('refuses a body over 64 KiB with the Connect envelope on RPC paths', async () => {
    const r = await post(LIST, big);
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({ code: 'payload_too_large', message: expect.stringContaining('65536') });
    expect(r.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers problem+json under /v1/', async () => {
    const r = await post('/v1/reports', big);
    expect(r.status).toBe(413);
    expect(r.headers.get('content-type')).toBe('application/problem+json');
    expect(await r.json()).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('answers from a Content-Length over the limit without waiting for the body', async () => {
    const r = await rawExchange(s.url, (sock) =>
      sock.write(
        `POST ${LIST} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"query":`,
      ),
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).code).toBe('payload_too_large');
  });

  it('stops reading a chunked body at the limit (the client never ends it)', async () => {
    const r = await rawExchange(s.url, (sock) => {
      sock.write(
        `POST ${LIST} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const chunk = 'a'.repeat(8192);
      for (let i = 0; i < 9; i++) sock.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({ code: 'payload_too_large', message: expect.any(String) });
  });

  it('refuses a binary body over the limit the same way', async () => {
    const r = await fetch(s.url + LIST, {
      method: 'POST',
      headers: { 'content-type': 'application/proto' },
      body: new Uint8Array(LIMIT + 1),
    });
    expect(r.status).toBe(413);
    expect((await r.json()).code).toBe('payload_too_large');
  });

  it('accepts a body of exactly 64 KiB (then judges its content)', async () => {
    const body = JSON.stringify({ query: { query: 'engineer' } });
    const r = await post(LIST, body + ' '.repeat(LIMIT - body.length));
    expect(r.status).toBe(200);
  });
});

describe('request lines and Host as HTTP allows them', () => {
  const raw = (head: string, body = '{}') =>
    rawExchange(s.url, (sock) =>
      sock.end(
        `${head}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );

  it('an HTTP/1.0 request without Host is answered, not 500', async () => {
    const r = await raw(`POST ${LIST} HTTP/1.0`, '{"query":{"limit":1}}');
    expect(r.status, r.body).toBe(200);
    expect(JSON.parse(r.body).data).toHaveLength(1);
    expect(s.problems()).toEqual([]);
  });

  it('an HTTP/1.1 request without Host is 400 (RFC 9112 § 3.2) in the envelope, with a request id', async () => {
    const r = await raw(`POST ${LIST} HTTP/1.1\r\nX-Request-ID: no-host`);
    expect(r.status).toBe(400);
    expect(r.headers['x-request-id']).toBe('no-host');
    expect(JSON.parse(r.body)).toEqual({
      code: 'invalid_argument',
      message: 'an HTTP/1.1 request must carry a Host header',
    });
  });

  it('CONNECT is 405 with a request id, not a dropped connection', async () => {
    const { host } = new URL(s.url);
    const r = await rawExchange(s.url, (sock) =>
      sock.write(`CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\nX-Request-ID: tunnel\r\n\r\n`),
    );
    expect(r.status).toBe(405);
    expect(r.headers['x-request-id']).toBe('tunnel');
    expect(JSON.parse(r.body)).toMatchObject({ code: 'method_not_allowed' });
  });

  it('an absolute-form request target names the same method (RFC 9112 § 3.2.2)', async () => {
    const { host } = new URL(s.url);
    const r = await raw(`POST ${s.url}${LIST}?x=1 HTTP/1.1\r\nHost: ${host}`, '{"query":{"limit":1}}');
    expect(r.status, r.body).toBe(200);
    const bad = await raw(`POST ${s.url}/nope HTTP/1.1\r\nHost: ${host}`);
    expect(JSON.parse(bad.body)).toEqual({ code: 'not_found', message: 'nothing at /nope' });
  });
});

describe('method, path and body errors', () => {
  it('GET on an RPC is 405 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const r = await fetch(s.url + LIST, { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow')).toBe('POST');
      expect(await r.json()).toEqual({ code: 'method_not_allowed', message: expect.any(String) });
    }
  });

  it('an unknown RPC path is the not_found envelope; other paths plain JSON', async () => {
    const rpc = await post('/svc.jobs.v1.JobsService/Nope', '{}');
    expect(rpc.status).toBe(404);
    expect(await rpc.json()).toEqual({
      code: 'not_found',
      message: expect.stringContaining('/svc.jobs.v1.JobsService/Nope'),
    });
    const other = await fetch(s.url + '/');
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toBe('application/json');
    expect((await other.json()).code).toBe('not_found');
  });

  it('an unknown field is 400 naming its path', async () => {
    const r = await post(LIST, JSON.stringify({ query: { filters: { bogus_field: 'remote' } } }));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      code: 'invalid_argument',
      message: 'query.filters.bogus_field: unknown field',
    });
  });

  it('bad input is 4xx, never 500', async () => {
    const bodies = [
      '{',
      '[]',
      'null',
      '"x"',
      '\u00ff',
      '{"query":{"limit":"ten"}}',
      '{"query":{"cursor":"bogus"}}',
      '{"id":"abc"}',
    ];
    for (const body of bodies) {
      for (const path of [LIST, '/svc.jobs.v1.JobsService/Get', '/svc.companies.v1.CompaniesService/Get']) {
        const r = await post(path, body);
        expect(r.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${path} ${body}`).toBeLessThan(500);
      }
    }
    const junkType = await post(LIST, '{}', { 'content-type': 'text/plain' });
    expect(junkType.status).toBeLessThan(500);
    expect(s.problems()).toEqual([]);
  });
});

describe('maintenance mode', () => {
  it('answers every request 503 service_unavailable with Retry-After', async () => {
    const m = await serve('--db', inject('fixtureIndex'), '--maintenance');
    try {
      const rpc = await fetch(m.url + LIST, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'm-1' },
        body: '{}',
      });
      expect(rpc.status).toBe(503);
      expect(Number(rpc.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(rpc.headers.get('x-request-id')).toBe('m-1');
      expect(await rpc.json()).toEqual({ code: 'service_unavailable', message: expect.any(String) });
      const rest = await fetch(m.url + '/v1/auth/login', { method: 'POST', body: '{}' });
      expect(rest.status).toBe(503);
      expect(rest.headers.get('content-type')).toBe('application/problem+json');
      expect((await fetch(m.url + '/anything')).status).toBe(503);
    } finally {
      expect(await m.stop()).toBe(0);
    }
  });
});
