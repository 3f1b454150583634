// `jobindex serve --accounts FILE` puts the account endpoints under /v1/, with the server's own
// rules (request id, body limit) around them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../helpers/built-dist.js';
import { serve, type Served } from './serve-process.js';

let s: Served;
let dir: string;

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-serve-accounts-'));
  s = await serve('--db', inject('fixtureIndex'), '--accounts', join(dir, 'accounts.sqlite'));
});
afterAll(async () => {
  expect(await s?.stop()).toBe(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('serves the account endpoints as problem+json with the request id', async () => {
  const get = await fetch(s.url + '/v1/reports', { headers: { 'x-request-id': 'acc-1' } });
  expect(get.status).toBe(405);
  expect(get.headers.get('allow')).toBe('POST');
  expect(get.headers.get('x-request-id')).toBe('acc-1');
  expect(await get.json()).toMatchObject({ code: 'method_not_allowed', request_id: 'acc-1' });

  const unknown = await fetch(s.url + '/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bogus: 1 }),
  });
  expect(unknown.status).toBe(400);
  expect(unknown.headers.get('content-type')).toBe('application/problem+json');
  expect((await unknown.json()).details).toEqual({ field: 'bogus' });

  const anonymous = await fetch(s.url + '/v1/reports', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(anonymous.status).toBe(401);

  const big = await fetch(s.url + '/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: 'x'.repeat(64 * 1024 + 1),
  });
  expect(big.status).toBe(413);
  expect((await big.json()).code).toBe('payload_too_large');

  expect((await fetch(s.url + '/v1/nope', { method: 'POST', body: '{}' })).status).toBe(404);
  expect(s.problems()).toEqual([]);
});
