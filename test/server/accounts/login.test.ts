import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../../electron/server/accounts/sessions.js';
import { Harness, UNVERIFIED, VERIFIED } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = new Harness();
  await h.seedUsers();
});
afterAll(() => h.close());

describe('POST /v1/auth/login', () => {
  it('answers 200 with the user and sets an HttpOnly, SameSite=Lax, Path=/ session cookie', async () => {
    const a = await h.login('ada@example.com', VERIFIED.password, '10.0.0.1');
    expect(a.status).toBe(200);
    expect(a.header('content-type')).toBe('application/json');
    expect(a.json()).toEqual({ user: { email: 'ada@example.com', verified: true } });
    const cookie = a.header('set-cookie');
    const [pair, ...attrs] = cookie.split('; ');
    expect(pair).toMatch(/^jobindex_session=[A-Za-z0-9_-]{43}$/);
    expect(attrs).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${SESSION_TTL_MS / 1000}`]),
    );
    expect(attrs).not.toContain('Secure');
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await h.sessionCookie(VERIFIED.email, VERIFIED.password);
    const token = cookie.split('=')[1]!;
    const rows = h.db.prepare('SELECT token_hash, expires_at - created_at AS ttl FROM sessions').all() as {
      token_hash: string;
      ttl: number;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    expect(rows.every((r) => r.ttl === SESSION_TTL_MS)).toBe(true);
  });

  it('lets an unverified user log in (reporting is what they cannot do)', async () => {
    const a = await h.login(UNVERIFIED.email, UNVERIFIED.password, '10.0.0.2');
    expect(a.status).toBe(200);
    expect(a.json()).toEqual({ user: { email: 'bob@example.com', verified: false } });
  });

  it('adds Secure when asked', async () => {
    const s = new Harness({ secureCookie: true });
    try {
      await s.seedUsers();
      const a = await s.login(VERIFIED.email, VERIFIED.password);
      expect(a.header('set-cookie').split('; ')).toContain('Secure');
    } finally {
      s.close();
    }
  });

  it('gives a wrong password and an unknown e-mail the same 401 body', async () => {
    const wrong = await h.login(VERIFIED.email, 'not the password', '10.0.0.3');
    const unknown = await h.login('nobody@example.com', 'not the password', '10.0.0.3');
    const p1 = wrong.problem(401, 'unauthorized');
    const p2 = unknown.problem(401, 'unauthorized');
    expect({ ...p1, request_id: 'x' }).toEqual({ ...p2, request_id: 'x' });
    expect(wrong.hasHeader('set-cookie')).toBe(false);
    expect(unknown.hasHeader('set-cookie')).toBe(false);
  });

  it('runs scrypt for an unknown e-mail too (comparable time)', async () => {
    const time = async (email: string) => {
      const t = performance.now();
      await h.login(email, 'not the password', '10.0.0.4');
      return performance.now() - t;
    };
    await time('warm@example.com');
    const known = await time(UNVERIFIED.email);
    const unknown = await time('ghost@example.com');
    // Both pay a full scrypt run (tens of ms); without the dummy hash the unknown case takes < 1 ms.
    expect(unknown).toBeGreaterThan(known / 4);
  });

  it('refuses unknown fields, naming them', async () => {
    const a = await h.send('POST', '/v1/auth/login', {
      email: VERIFIED.email,
      password: VERIFIED.password,
      remember: true,
    });
    expect(a.problem(400, 'invalid_request').details).toEqual({ field: 'remember' });
  });

  it.each([
    [{ password: 'x' }, 'email'],
    [{ email: 'a@b.c' }, 'password'],
    [{ email: 42, password: 'x' }, 'email'],
    [{ email: 'a@b.c', password: ['x'] }, 'password'],
    [{ email: '', password: 'x' }, 'email'],
  ])('refuses %j naming %s', async (body, field) => {
    const a = await h.send('POST', '/v1/auth/login', body);
    expect(a.problem(400, 'invalid_request').details).toEqual({ field });
  });

  it('answers malformed JSON and non-object bodies with 400 invalid_request', async () => {
    for (const rawBody of ['{"email":', '', '[1]', 'null', '"x"']) {
      const a = await h.send('POST', '/v1/auth/login', undefined, { rawBody });
      expect(a.problem(400, 'invalid_request').details).toEqual({ field: 'body' });
    }
  });
});

describe('routing', () => {
  it.each(['/v1/auth/login', '/v1/auth/password/forgot', '/v1/reports'])(
    'answers a wrong method on %s with 405 and Allow',
    async (path) => {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const a = await h.send(method, path);
        a.problem(405, 'method_not_allowed');
        expect(a.header('allow')).toBe('POST');
      }
    },
  );

  it('leaves unknown paths to the server (undefined)', async () => {
    for (const path of ['/v1/nope', '/v1/auth', '/v1/reports/1', '/v1/auth/login/']) {
      expect(await h.handler(h.request('POST', path, {}))).toBeUndefined();
    }
  });
});
