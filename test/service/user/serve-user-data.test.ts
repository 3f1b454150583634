// `jobindex serve --user-data FILE`: the browser mode's back end. The user services answer over
// HTTP next to the index's, and a hidden job leaves List at once even though serve caches answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { rawExchange } from '../../server/raw-http.js';
import { serve, type Served } from '../../server/serve-process.js';

let s: Served;
let dir: string;

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-serve-user-'));
  // Two read workers: the exclusions reach them with the next request (serve-workers.md).
  s = await serve('--db', inject('fixtureIndex'), '--user-data', join(dir, 'user.sqlite'), '--workers', '2');
});
afterAll(async () => {
  expect(await s?.stop()).toBe(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function rpc(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(s.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const LIST = '/svc.jobs.v1.JobsService/List';

it('saves, tracks and hides over HTTP; List leaves a hidden job out at once, cache or not', async () => {
  const first = await rpc(LIST, { query: { limit: 5 } });
  expect(first.status).toBe(200);
  const [a, b] = first.body.data as Array<{ id: string }>;
  // Asked twice so the answer is cached.
  expect((await rpc(LIST, { query: { limit: 5 } })).body).toEqual(first.body);

  const saved = await rpc('/svc.saved.v1.SavedJobsService/Save', { jobId: a!.id });
  expect(saved.status).toBe(200);
  expect(saved.body.job).toMatchObject({ jobId: a!.id, stage: 'saved', closed: false });
  const moved = await rpc('/svc.saved.v1.SavedJobsService/Move', { jobId: a!.id, stage: 'applied' });
  expect(moved.body.job.history.map((m: { stage: string }) => m.stage)).toEqual(['saved', 'applied']);

  expect((await rpc('/svc.hiding.v1.HidingService/HideJob', { jobId: b!.id })).status).toBe(200);
  const after = await rpc(LIST, { query: { limit: 5 } });
  expect(after.body.data.map((c: { id: string }) => c.id)).not.toContain(b!.id);
  expect(after.body.data).toHaveLength(5);

  const bad = await rpc('/svc.saved.v1.SavedJobsService/Move', { jobId: a!.id, stage: 'hired' });
  expect(bad.status).toBe(400);
  expect(bad.body.code).toBe('invalid_argument');
  expect(bad.body.message).toMatch(/^stage: must be one of/);
});

it('answers the outbox state without an upstream', async () => {
  const acct = await rpc('/svc.reports.v1.ReportsService/GetAccount', {});
  expect(acct.body).toEqual({ signedIn: false });
  const created = await rpc('/svc.reports.v1.ReportsService/Create', {
    jobId: '3dd88aab-9788-4bfa-87b2-b9939ce07b2e',
    type: 'spam',
  });
  expect(created.body.report).toMatchObject({ state: 'queued', type: 'spam' });
});

// DNS rebinding: a page whose name was rebound to 127.0.0.1 sends its own Host and Origin.
describe('browser mode refuses other sites (browser-mode-security.md)', () => {
  const LIST_SAVED = '/svc.saved.v1.SavedJobsService/List';
  const post = (path: string, headers: Record<string, string>) =>
    rawExchange(s.url, (sock) => {
      const body = '{}';
      const lines = Object.entries({
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
        Connection: 'close',
        ...headers,
      }).map(([k, v]) => `${k}: ${v}`);
      sock.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
    });
  const port = () => new URL(s.url).port;

  it('refuses a Host it is not bound to, for reads and writes alike, naming the header', async () => {
    const evil = `attacker.example:${port()}`;
    for (const path of [LIST_SAVED, '/svc.reports.v1.ReportsService/Create', LIST]) {
      const r = await post(path, { Host: evil, Origin: `http://${evil}` });
      expect(r.status, path).toBe(403);
      expect(JSON.parse(r.body)).toMatchObject({ code: 'forbidden' });
      expect(JSON.parse(r.body).message).toMatch(/^Host: "attacker\.example:\d+" is not a name/);
    }
    expect((await post(LIST_SAVED, { Host: 'attacker.example' })).status).toBe(403);
    expect((await post(LIST_SAVED, {})).status).not.toBe(200); // no Host at all (Node answers 400)
  });

  it('answers its bound address and localhost, without Origin or with its own', async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, `LOCALHOST:${port()}`]) {
      expect((await post(LIST_SAVED, { Host: host })).status, host).toBe(200);
      expect((await post(LIST_SAVED, { Host: host, Origin: `http://${host}` })).status, host).toBe(200);
    }
  });

  it('refuses a state-changing request from a foreign or null Origin, and the data is unchanged', async () => {
    const host = `127.0.0.1:${port()}`;
    const before = (await rpc(LIST_SAVED, {})).body;
    for (const origin of ['http://attacker.example', 'null', `https://${host}`, `http://localhost:${port()}`]) {
      const r = await post('/svc.saved.v1.SavedJobsService/Unsave', { Host: host, Origin: origin });
      expect(r.status, origin).toBe(403);
      expect(JSON.parse(r.body).message).toMatch(/^Origin: /);
    }
    expect((await rpc(LIST_SAVED, {})).body).toEqual(before);
  });

  it('answers a name given with --allow-host', async () => {
    const other = await serve(
      '--db',
      inject('fixtureIndex'),
      '--user-data',
      join(dir, 'user2.sqlite'),
      '--allow-host',
      'jobs.lan',
    );
    try {
      const ok = await rawExchange(other.url, (sock) =>
        sock.write(
          `POST ${LIST_SAVED} HTTP/1.1\r\nHost: jobs.lan:${new URL(other.url).port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
      );
      expect(ok.status).toBe(200);
      const no = await rawExchange(other.url, (sock) =>
        sock.write(
          `POST ${LIST_SAVED} HTTP/1.1\r\nHost: jobs.lan.attacker.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
      );
      expect(no.status).toBe(403);
    } finally {
      expect(await other.stop()).toBe(0);
    }
  });
});
