import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_THROTTLE } from '../../../electron/server/accounts/throttle.js';
import { Harness, T0, UNVERIFIED, VERIFIED } from './harness.js';

const MESSAGE = 'too many authentication attempts';
const WINDOW_S = AUTH_THROTTLE.perEmail.windowMs / 1000;

let h: Harness;
beforeEach(async () => {
  h = new Harness();
  await h.seedUsers();
});
afterEach(() => h.close());

/** Each attempt from its own address, so only the e-mail and user buckets fill up. */
let addr = 0;
const fresh = () => `192.0.2.${++addr % 250}`;

describe('auth throttling', () => {
  it('allows 5 login attempts per e-mail per 15 minutes, then 429 with Retry-After and the exact message', async () => {
    for (let i = 0; i < 5; i++)
      (await h.login('nobody@example.com', 'wrong password', fresh())).problem(401, 'unauthorized');
    h.clock += 60_000;
    const a = await h.login('nobody@example.com', 'wrong password', fresh());
    const p = a.problem(429, 'rate_limited');
    expect(p.detail).toBe(MESSAGE);
    expect(a.header('retry-after')).toBe(String(WINDOW_S - 60));
    // Other spellings of the same e-mail share the bucket; other e-mails do not.
    (await h.login('  NOBODY@example.COM ', 'wrong password', fresh())).problem(429, 'rate_limited');
    (await h.login('someone.else@example.com', 'wrong password', fresh())).problem(401, 'unauthorized');
  });

  it('blocks even the right password while throttled, and opens again when the window ends', async () => {
    for (let i = 0; i < 5; i++) await h.login(VERIFIED.email, 'wrong password', fresh());
    const blocked = await h.login(VERIFIED.email, VERIFIED.password, fresh());
    blocked.problem(429, 'rate_limited');
    expect(blocked.hasHeader('set-cookie')).toBe(false);
    h.clock = T0 + AUTH_THROTTLE.perEmail.windowMs;
    expect((await h.login(VERIFIED.email, VERIFIED.password, fresh())).status).toBe(200);
  });

  it('answers the same 429 for known and unknown e-mails', async () => {
    for (let i = 0; i < 5; i++) {
      await h.login(VERIFIED.email, 'wrong password', fresh());
      await h.login('ghost@example.com', 'wrong password', fresh());
    }
    const known = (await h.login(VERIFIED.email, 'wrong password', fresh())).problem(429, 'rate_limited');
    const unknown = (await h.login('ghost@example.com', 'wrong password', fresh())).problem(429, 'rate_limited');
    expect({ ...known, request_id: '' }).toEqual({ ...unknown, request_id: '' });
  });

  it('throttles per user, in a bucket of its own', async () => {
    const s = new Harness({
      throttle: { perUser: { attempts: 2, windowMs: 60_000 }, perEmail: { attempts: 100, windowMs: 60_000 } },
    });
    try {
      await s.seedUsers();
      await s.login(UNVERIFIED.email, 'wrong password', fresh());
      await s.login(UNVERIFIED.email, 'wrong password', fresh());
      const a = await s.login(UNVERIFIED.email, UNVERIFIED.password, fresh());
      expect(a.problem(429, 'rate_limited').detail).toBe(MESSAGE);
      expect(a.header('retry-after')).toBe('60');
      const rows = s.db.prepare("SELECT key, attempts FROM throttle WHERE key LIKE 'login:user:%'").all();
      expect(rows).toEqual([{ key: expect.stringMatching(/^login:user:\d+$/), attempts: 2 }]);
      // The other user is not affected.
      expect((await s.login(VERIFIED.email, VERIFIED.password, fresh())).status).toBe(200);
    } finally {
      s.close();
    }
  });

  it('throttles per address too (30 per 15 minutes)', async () => {
    for (let i = 0; i < 30; i++)
      (await h.login(`user${i}@example.com`, 'wrong password', '198.51.100.7')).problem(401, 'unauthorized');
    const a = await h.login('user99@example.com', 'wrong password', '198.51.100.7');
    expect(a.problem(429, 'rate_limited').detail).toBe(MESSAGE);
    expect(Number(a.header('retry-after'))).toBe(WINDOW_S);
  });

  it('forgets the e-mail and user counters after a successful login', async () => {
    for (let i = 0; i < 4; i++) await h.login(VERIFIED.email, 'wrong password', fresh());
    expect((await h.login(VERIFIED.email, VERIFIED.password, fresh())).status).toBe(200);
    for (let i = 0; i < 4; i++) (await h.login(VERIFIED.email, 'wrong password', fresh())).problem(401, 'unauthorized');
  });

  it('keeps the counters across a restart (state in the accounts file)', async () => {
    for (let i = 0; i < 5; i++) await h.login('nobody@example.com', 'wrong password', fresh());
    h.reopen();
    h.clock += 5 * 60_000;
    const a = await h.login('nobody@example.com', 'wrong password', fresh());
    expect(a.problem(429, 'rate_limited').detail).toBe(MESSAGE);
    expect(a.header('retry-after')).toBe(String(WINDOW_S - 5 * 60));
  });

  it('throttles password/forgot per e-mail in its own bucket, with the same message', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await h.send('POST', '/v1/auth/password/forgot', { email: VERIFIED.email }, { remoteAddress: fresh() }))
          .status,
      ).toBe(202);
    const a = await h.send('POST', '/v1/auth/password/forgot', { email: VERIFIED.email }, { remoteAddress: fresh() });
    expect(a.problem(429, 'rate_limited').detail).toBe(MESSAGE);
    expect(a.header('retry-after')).toBe(String(WINDOW_S));
    // Logging in is a separate bucket.
    expect((await h.login(VERIFIED.email, VERIFIED.password, fresh())).status).toBe(200);
    expect(h.db.prepare('SELECT count(*) AS n FROM password_reset_requests').get()).toEqual({ n: 5 });
  });

  it('throttles password/forgot per user', async () => {
    const s = new Harness({ throttle: { perUser: { attempts: 1, windowMs: 60_000 } } });
    try {
      await s.seedUsers();
      expect(
        (await s.send('POST', '/v1/auth/password/forgot', { email: VERIFIED.email }, { remoteAddress: fresh() }))
          .status,
      ).toBe(202);
      const a = await s.send('POST', '/v1/auth/password/forgot', { email: VERIFIED.email }, { remoteAddress: fresh() });
      expect(a.problem(429, 'rate_limited').detail).toBe(MESSAGE);
      expect(a.header('retry-after')).toBe('60');
    } finally {
      s.close();
    }
  });
});
