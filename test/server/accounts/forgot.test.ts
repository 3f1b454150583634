import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, T0, VERIFIED } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = new Harness();
  await h.seedUsers();
});
afterAll(() => h.close());

const forgot = (body: unknown, remoteAddress = '203.0.113.5') =>
  h.send('POST', '/v1/auth/password/forgot', body, { remoteAddress });

describe('POST /v1/auth/password/forgot', () => {
  it('answers 202 with the same body for a known and an unknown e-mail', async () => {
    const known = await forgot({ email: VERIFIED.email });
    const unknown = await forgot({ email: 'nobody@example.com' });
    for (const a of [known, unknown]) {
      expect(a.status).toBe(202);
      expect(a.res.headers).toEqual({ 'content-type': 'application/json' });
      expect(a.json()).toEqual({ status: 'accepted' });
    }
    expect(known.res.body).toEqual(unknown.res.body);
  });

  it('records every request, with the user when the e-mail is known (no mail is sent)', async () => {
    h.db.exec('DELETE FROM password_reset_requests');
    const a = await forgot({ email: ' ADA@example.com' });
    await forgot({ email: 'stranger@example.com' });
    const rows = h.db
      .prepare(
        'SELECT email, user_id IS NOT NULL AS known, created_at, request_id, remote_address FROM password_reset_requests ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      {
        email: 'ada@example.com',
        known: 1,
        created_at: T0,
        request_id: a.req.requestId,
        remote_address: '203.0.113.5',
      },
      {
        email: 'stranger@example.com',
        known: 0,
        created_at: T0,
        request_id: expect.any(String),
        remote_address: '203.0.113.5',
      },
    ]);
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not-an-address' }, 'email'],
    [{ email: 7 }, 'email'],
    [{ email: 'a@b.c', password: 'x' }, 'password'],
  ])('refuses %j naming %s', async (body, field) => {
    expect((await forgot(body, '203.0.113.9')).problem(400, 'invalid_request').details).toEqual({ field });
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const a = await h.send('POST', '/v1/auth/password/forgot', undefined, { rawBody: '{email}' });
    a.problem(400, 'invalid_request');
  });
});
