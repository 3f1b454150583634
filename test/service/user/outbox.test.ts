// The report outbox against a real upstream: `jobindex serve --accounts FILE`, stopped and
// started again on the same port. Nothing made offline is lost; nothing is stored twice.
import { createServer as createNetServer } from 'node:net';
import { createServer as createHttpServer, type Server } from 'node:http';
import { join } from 'node:path';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAccounts } from '#server/accounts/open-accounts';
import { addUser } from '#server/accounts/users';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { serve, type Served } from '../../server/serve-process.js';
import { UserHarness } from './harness.js';

const ADA = { email: 'ada@example.com', password: 'correct horse battery' };
const BOB = { email: 'bob@example.com', password: 'another good one' };

let h: UserHarness;
let upstream: string;
let port: number;
let server: Served | undefined;
const accountsFile = () => join(h.dir, 'accounts.sqlite');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

async function up(...extra: string[]): Promise<void> {
  server = await serve('--db', inject('fixtureIndex'), '--accounts', accountsFile(), '--port', String(port), ...extra);
}
async function down(): Promise<void> {
  await server?.stop();
  server = undefined;
}

/** What the upstream stored, read from its own file. */
function stored(): Array<{
  id: string;
  job_id: string;
  type: string;
  message: string | null;
  idempotency_key: string;
}> {
  const db = new Database(accountsFile(), { readonly: true });
  try {
    return db
      .prepare('SELECT id, job_id, type, message, idempotency_key FROM reports ORDER BY created_at, rowid')
      .all() as ReturnType<typeof stored>;
  } finally {
    db.close();
  }
}

async function jobIds(n: number): Promise<string[]> {
  return (await h.jobs.list({ query: { limit: n } })).data.map((c) => c.id);
}

beforeAll(async () => {
  await ensureBuilt();
  port = await freePort();
  upstream = `http://127.0.0.1:${port}`;
});

let fetchFault: ((url: string) => 'drop-answer' | undefined) | undefined;

function newHarness() {
  h = new UserHarness({
    upstream: () => upstream,
    // Real requests to the real server; a test may drop an answer after the server handled it.
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (fetchFault?.(String(input)) === 'drop-answer')
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      return res;
    },
  });
  const acc = openAccounts(accountsFile());
  return Promise.all([addUser(acc, { ...ADA, verified: true }), addUser(acc, { ...BOB, verified: false })]).then(() =>
    acc.close(),
  );
}

afterEach(async () => {
  fetchFault = undefined;
  await down();
  h.close();
});

describe('report outbox', () => {
  it('keeps reports made while the upstream is down and sends each once, in order, when it is back', async () => {
    await newHarness();
    await up();
    expect(await h.reports.signIn(ADA)).toMatchObject({ email: ADA.email, verified: true });
    await down();

    const ids = await jobIds(3);
    const made = [];
    for (const [i, id] of ids.entries()) {
      made.push(
        (
          await h.reports.create({
            jobId: id,
            type: i === 2 ? 'other' : 'broken_apply',
            message: i === 2 ? 'apply page asks for a fee' : '',
          })
        ).report!,
      );
    }
    await h.user.sender.drain();
    let box = (await h.reports.list({})).data;
    expect(box.map((r) => r.state)).toEqual(['queued', 'queued', 'queued']);
    const head = box.at(-1)!;
    expect(head.lastError).toMatch(/^the upstream is unreachable/);
    expect(timestampMs(head.nextAttemptAt!)).toBeGreaterThan(h.clock);

    // Not due yet: the automatic pump waits for the backoff.
    await up();
    expect(await h.user.sender.drain()).toBe(0);
    h.clock = timestampMs(head.nextAttemptAt!);
    expect(await h.user.sender.drain()).toBe(3);

    box = (await h.reports.list({})).data;
    expect(box.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    const upstreamRows = stored();
    expect(upstreamRows.map((r) => [r.job_id, r.idempotency_key])).toEqual(made.map((r) => [r.jobId, r.id]));
    expect(upstreamRows[2]!.message).toBe('apply page asks for a fee');
    expect(box.map((r) => r.upstreamId).reverse()).toEqual(upstreamRows.map((r) => r.id));

    // Asking again sends nothing more.
    expect((await h.reports.retryNow({})).sent).toBe(0);
    expect(stored()).toHaveLength(3);
  });

  it('"Retry now" with nothing it can send counts no attempt, and the report says why; signing in sends it', async () => {
    await newHarness();
    await up();
    const [a] = await jobIds(1);
    await h.reports.create({ jobId: a!, type: 'spam' });
    await h.user.sender.drain();
    for (let i = 0; i < 3; i++) expect((await h.reports.retryNow({})).sent).toBe(0);
    expect((await h.reports.list({})).data[0]).toMatchObject({
      state: 'needs_sign_in',
      attempts: 0,
      lastError: 'sign in to send reports',
    });
    // A report made later waits for the sign-in too, and says so (not "next try now" behind it).
    const [, b] = await jobIds(2);
    await h.reports.create({ jobId: b!, type: 'spam' });
    await h.user.sender.drain();
    expect((await h.reports.list({})).data.map((r) => [r.state, r.lastError])).toEqual([
      ['needs_sign_in', 'sign in to send reports'],
      ['needs_sign_in', 'sign in to send reports'],
    ]);
    await h.reports.signIn(ADA);
    await h.user.sender.drain();
    expect((await h.reports.list({})).data.map((r) => [r.state, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(stored()).toHaveLength(2);
  });

  it('survives a lost answer and a restart of the app without storing a report twice', async () => {
    await newHarness();
    await up();
    await h.reports.signIn(ADA);
    const [a, b] = await jobIds(2);
    // The upstream stores the first report but its answer never arrives.
    fetchFault = (url) => (url.endsWith('/v1/reports') ? 'drop-answer' : undefined);
    await h.reports.create({ jobId: a!, type: 'duplicate' });
    await h.user.sender.drain();
    expect(stored()).toHaveLength(1);
    expect((await h.reports.list({})).data[0]!.state).toBe('queued');
    fetchFault = undefined;

    // The app restarts (the outbox is in the file), a second report is made, both go.
    h.reopenUser();
    await h.reports.create({ jobId: b!, type: 'spam' });
    h.clock += 60 * 60_000;
    expect(await h.user.sender.drain()).toBe(2);
    expect(stored().map((r) => r.job_id)).toEqual([a, b]);
  });

  it('shows upstream failures (503) as waiting, then delivers', async () => {
    await newHarness();
    await up();
    await h.reports.signIn(ADA);
    await down();
    await up('--maintenance');
    const [a] = await jobIds(1);
    await h.reports.create({ jobId: a!, type: 'wrong_location' });
    await h.user.sender.drain();
    const r = (await h.reports.list({})).data[0]!;
    expect(r.state).toBe('queued');
    expect(r.lastError).toMatch(/^the upstream failed \(503/);
    await down();
    await up();
    expect((await h.reports.retryNow({})).sent).toBe(1);
    expect(stored()).toHaveLength(1);
  });

  it('signs in again once on 401, and asks the user when it cannot', async () => {
    await newHarness();
    await up();
    await h.reports.signIn(ADA);
    const [a, b] = await jobIds(2);
    const dropSessions = () => {
      const db = new Database(accountsFile());
      db.prepare('DELETE FROM sessions').run();
      db.close();
    };
    dropSessions();
    await h.reports.create({ jobId: a!, type: 'expired' });
    expect(await h.user.sender.drain()).toBe(1);

    // After a restart the password is gone: an expired session needs the user.
    h.reopenUser();
    dropSessions();
    await h.reports.create({ jobId: b!, type: 'bad_format' });
    await h.user.sender.drain();
    const waiting = (await h.reports.list({})).data[0]!;
    expect(waiting.state).toBe('needs_sign_in');
    expect(waiting.lastError).toMatch(/sign in again/);
    expect((await h.reports.getAccount({})).signedIn).toBe(false);
    await h.reports.signIn(ADA);
    await h.user.sender.drain();
    expect((await h.reports.list({})).data.map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(stored()).toHaveLength(2);
  });

  it('blocks on 403 (e-mail not verified) and holds later reports back in order', async () => {
    await newHarness();
    await up();
    await h.reports.signIn(BOB);
    const [a, b] = await jobIds(2);
    await h.reports.create({ jobId: a!, type: 'spam' });
    await h.user.sender.drain();
    await h.reports.create({ jobId: b!, type: 'spam' });
    await h.user.sender.drain();
    const [second, first] = (await h.reports.list({})).data;
    expect(first!.state).toBe('blocked');
    expect(first!.lastError).toMatch(/^blocked: e-mail not verified/);
    expect(second!.state).toBe('queued');
    expect(stored()).toHaveLength(0);
    // Signing in as a verified user lets both go, first first.
    await h.reports.signIn(ADA);
    await h.user.sender.drain();
    expect(stored().map((r) => r.job_id)).toEqual([a, b]);
  });

  it('says so when sign-in is throttled (429) or wrong (401), and without an upstream', async () => {
    await newHarness();
    await up();
    const err = async (p: Promise<unknown>) => (await p.catch((e: unknown) => e)) as ConnectError;
    const wrong = await err(h.reports.signIn({ email: ADA.email, password: 'not the password' }));
    expect(wrong.code).toBe(Code.Unauthenticated);
    for (let i = 0; i < 4; i++) await err(h.reports.signIn({ email: ADA.email, password: 'not the password' }));
    const throttled = await err(h.reports.signIn(ADA));
    expect(throttled.code).toBe(Code.ResourceExhausted);
    expect(throttled.rawMessage).toMatch(/^too many sign-in attempts; try again in \d+ s$/);
    expect((await err(h.reports.signIn({ email: 'nope', password: 'x' }))).rawMessage).toMatch(/^email: /);
    const saved = upstream;
    upstream = '';
    try {
      expect((await err(h.reports.signIn(ADA))).code).toBe(Code.FailedPrecondition);
    } finally {
      upstream = saved;
    }
  });
});

describe('report outbox against a rate-limiting upstream', () => {
  let limiter: Server;
  let limited: string;
  beforeAll(async () => {
    // An upstream whose report endpoint is rate limited, as the spec says limits will be.
    limiter = createHttpServer((req, res) => {
      if (req.url === '/v1/auth/login') {
        res.writeHead(200, {
          'content-type': 'application/json',
          'set-cookie': 'jobindex_session=t0k; Path=/; HttpOnly',
        });
        return res.end(JSON.stringify({ user: { email: ADA.email, verified: true } }));
      }
      res.writeHead(429, { 'content-type': 'application/problem+json', 'retry-after': '7' });
      res.end(JSON.stringify({ title: 'Too Many Requests', status: 429, code: 'rate_limited', detail: 'slow down' }));
    });
    await new Promise<void>((r) => limiter.listen(0, '127.0.0.1', r));
    limited = `http://127.0.0.1:${(limiter.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => limiter.close(() => r())));

  it('waits Retry-After before the next attempt', async () => {
    await newHarness();
    upstream = limited;
    try {
      await h.reports.signIn(ADA);
      const [a] = await jobIds(1);
      await h.reports.create({ jobId: a!, type: 'spam' });
      await h.user.sender.drain();
      const r = (await h.reports.list({})).data[0]!;
      expect(r.state).toBe('queued');
      expect(r.lastError).toBe('the upstream is rate limiting; retrying in 7 s');
      expect(timestampMs(r.nextAttemptAt!)).toBe(h.clock + 7000);
      h.clock += 6999;
      await h.user.sender.drain();
      expect((await h.reports.list({})).data[0]!.attempts).toBe(1);
      h.clock += 1;
      await h.user.sender.drain();
      expect((await h.reports.list({})).data[0]!.attempts).toBe(2);
    } finally {
      upstream = `http://127.0.0.1:${port}`;
    }
  });
});
