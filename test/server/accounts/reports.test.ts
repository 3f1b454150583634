import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../../electron/server/accounts/sessions.js';
import { REPORT_MESSAGE_MAX_CHARS } from '#shared/rules/report';
import { REPORT_TYPES } from '#shared/rules/vocabulary';
import { Harness, T0, UNVERIFIED, VERIFIED } from './harness.js';

const JOB = '0b9c4f5e-3a1d-4c2b-9e8f-7a6b5c4d3e2f';

let h: Harness;
let ada: string;
let bob: string;
beforeAll(async () => {
  h = new Harness();
  await h.seedUsers();
  ada = await h.sessionCookie(VERIFIED.email, VERIFIED.password);
  bob = await h.sessionCookie(UNVERIFIED.email, UNVERIFIED.password);
});
afterAll(() => h.close());

/** `cookie` null sends no Cookie header. */
const report = (body: unknown, cookie: string | null = ada) =>
  h.send('POST', '/v1/reports', body, cookie === null ? {} : { cookie });
const count = () => (h.db.prepare('SELECT count(*) AS n FROM reports').get() as { n: number }).n;

describe('POST /v1/reports: authentication', () => {
  it('answers 401 without a session cookie', async () => {
    (await report({ job_id: JOB, type: 'spam' }, null)).problem(401, 'unauthorized');
    (await report({ job_id: JOB, type: 'spam' }, 'other=1; theme=dark')).problem(401, 'unauthorized');
  });

  it('answers 401 for a session token it never issued', async () => {
    (
      await report({ job_id: JOB, type: 'spam' }, 'jobindex_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    ).problem(401, 'unauthorized');
    (await report({ job_id: JOB, type: 'spam' }, 'jobindex_session=')).problem(401, 'unauthorized');
  });

  it('answers 401 once the session has expired, and forgets it', async () => {
    const s = new Harness();
    try {
      await s.seedUsers();
      const cookie = await s.sessionCookie(VERIFIED.email, VERIFIED.password);
      s.clock = T0 + SESSION_TTL_MS - 1;
      expect((await s.send('POST', '/v1/reports', { job_id: JOB, type: 'spam' }, { cookie })).status).toBe(201);
      s.clock = T0 + SESSION_TTL_MS;
      (await s.send('POST', '/v1/reports', { job_id: JOB, type: 'spam' }, { cookie })).problem(401, 'unauthorized');
      expect(s.db.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 0 });
    } finally {
      s.close();
    }
  });

  it('checks credentials before the body', async () => {
    (await report({ bogus: 1 }, null)).problem(401, 'unauthorized');
    (await report({ bogus: 1 }, bob)).problem(403, 'forbidden');
  });

  it('answers 403 forbidden for a logged-in user whose e-mail is not verified', async () => {
    const before = count();
    const p = (await report({ job_id: JOB, type: 'spam' }, bob)).problem(403, 'forbidden');
    expect(p.detail).toMatch(/verif/);
    expect(count()).toBe(before);
  });
});

describe('POST /v1/reports: validation', () => {
  it.each([
    ['an unknown field', { job_id: JOB, type: 'spam', reason: 'x' }, 'reason'],
    ['a camelCase field', { jobId: JOB, type: 'spam' }, 'jobId'],
    ['a missing job_id', { type: 'spam' }, 'job_id'],
    ['a job_id that is not a uuid', { job_id: 'abc', type: 'spam' }, 'job_id'],
    ['a job_id that is a number', { job_id: 12, type: 'spam' }, 'job_id'],
    ['a missing type', { job_id: JOB }, 'type'],
    ['an unknown type', { job_id: JOB, type: 'scam' }, 'type'],
    ['a type in the wrong case', { job_id: JOB, type: 'SPAM' }, 'type'],
    ['a type that is not a string', { job_id: JOB, type: 3 }, 'type'],
    ['a message that is not a string', { job_id: JOB, type: 'spam', message: 5 }, 'message'],
    [
      'a message over the limit',
      { job_id: JOB, type: 'spam', message: 'x'.repeat(REPORT_MESSAGE_MAX_CHARS + 1) },
      'message',
    ],
    ['type other without a message', { job_id: JOB, type: 'other' }, 'message'],
    ['type other with a blank message', { job_id: JOB, type: 'other', message: '   ' }, 'message'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const before = count();
    const a = await report(body);
    const p = a.problem(400, 'invalid_request');
    expect(p.details).toEqual({ field });
    expect(p.detail).toContain(field);
    expect(count()).toBe(before);
  });

  it('names the valid types when refusing one', async () => {
    const p = (await report({ job_id: JOB, type: 'scam' })).problem(400, 'invalid_request');
    for (const t of REPORT_TYPES) expect(p.detail).toContain(t);
  });

  it('answers malformed JSON and non-object bodies with 400', async () => {
    for (const rawBody of ['{', '[]', '42']) {
      const a = await h.send('POST', '/v1/reports', undefined, { rawBody, cookie: ada });
      expect(a.problem(400, 'invalid_request').details).toEqual({ field: 'body' });
    }
  });
});

describe('POST /v1/reports: storing', () => {
  it('stores the report and answers 201 with it', async () => {
    h.clock = T0 + 1234;
    const a = await report({
      job_id: JOB.toUpperCase(),
      type: 'wrong_location',
      message: 'It says Berlin; the posting says Munich.',
    });
    expect(a.status).toBe(201);
    expect(a.header('content-type')).toBe('application/json');
    const body = a.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      job_id: JOB,
      type: 'wrong_location',
      message: 'It says Berlin; the posting says Munich.',
      created_at: new Date(T0 + 1234).toISOString(),
    });
    const row = h.db
      .prepare(
        'SELECT r.job_id, r.type, r.message, r.created_at, r.request_id, u.email FROM reports r JOIN users u ON u.id = r.user_id WHERE r.id = ?',
      )
      .get(body.id);
    expect(row).toEqual({
      job_id: JOB,
      type: 'wrong_location',
      message: 'It says Berlin; the posting says Munich.',
      created_at: T0 + 1234,
      request_id: a.req.requestId,
      email: 'ada@example.com',
    });
  });

  it('accepts every type; message optional (null) except for other, up to the limit', async () => {
    for (const type of REPORT_TYPES) {
      const body = type === 'other' ? { job_id: JOB, type, message: 'see title' } : { job_id: JOB, type };
      const a = await report(body);
      expect(a.status, type).toBe(201);
      expect(a.json().message).toBe(type === 'other' ? 'see title' : null);
    }
    const long = '€'.repeat(REPORT_MESSAGE_MAX_CHARS);
    expect((await report({ job_id: JOB, type: 'spam', message: long })).json().message).toBe(long);
    expect((await report({ job_id: JOB, type: 'spam', message: null })).json().message).toBe(null);
  });
});
