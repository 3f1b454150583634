// POST /v1/reports with Idempotency-Key (electron/server/accounts/): what lets the outbox retry safely.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Answer, Harness, UNVERIFIED, VERIFIED } from '../../server/accounts/harness.js';

let h: Harness;
beforeEach(async () => {
  h = new Harness();
  await h.seedUsers();
});
afterEach(() => h.close());

const JOB = '3dd88aab-9788-4bfa-87b2-b9939ce07b2e';

async function post(cookie: string, key: string | undefined, body: unknown = { job_id: JOB, type: 'spam' }) {
  const req = h.request('POST', '/v1/reports', body, { cookie });
  if (key !== undefined) req.headers.set('idempotency-key', key);
  const a = new Answer(req, (await h.handler(req))!);
  return { status: a.status, body: a.json() };
}

const count = () => h.db.prepare('SELECT count(*) FROM reports').pluck().get() as number;

describe('report idempotency', () => {
  it('stores a key once per user and answers a repeat with the first report', async () => {
    const cookie = await h.sessionCookie(VERIFIED.email, VERIFIED.password);
    const first = await post(cookie, 'k-1');
    expect(first.status).toBe(201);
    h.clock += 60_000;
    const again = await post(cookie, 'k-1', { job_id: JOB, type: 'duplicate' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(count()).toBe(1);
    expect((await post(cookie, 'k-2')).status).toBe(201);
    expect((await post(cookie, undefined)).status).toBe(201);
    expect((await post(cookie, undefined)).status).toBe(201);
    expect(count()).toBe(4);
  });

  it('keeps keys apart between users, and still checks credentials first', async () => {
    const ada = await h.sessionCookie(VERIFIED.email, VERIFIED.password);
    const bob = await h.sessionCookie(UNVERIFIED.email, UNVERIFIED.password);
    expect((await post(ada, 'shared')).status).toBe(201);
    expect((await post(bob, 'shared')).status).toBe(403);
    h.db.prepare('UPDATE users SET verified = 1').run();
    expect((await post(bob, 'shared')).status).toBe(201);
    expect(count()).toBe(2);
  });

  it('refuses a malformed key naming the header', async () => {
    const cookie = await h.sessionCookie(VERIFIED.email, VERIFIED.password);
    const bad = await post(cookie, 'has space');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_request', details: { field: 'Idempotency-Key' } });
    expect((await post(cookie, 'x'.repeat(256))).status).toBe(400);
    expect(count()).toBe(0);
  });
});
