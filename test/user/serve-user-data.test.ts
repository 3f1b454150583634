// `jobindex serve --user-data FILE`: the browser mode's back end. The user services answer over
// HTTP next to the index's, and a hidden job leaves List at once even though serve caches answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ensureBuilt } from '../helpers/built-dist.js';
import { serve, type Served } from '../server/serve-process.js';

let s: Served;
let dir: string;

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'jobindex-serve-user-'));
  s = await serve('--db', inject('fixtureIndex'), '--user-data', join(dir, 'user.sqlite'));
});
afterAll(async () => {
  expect(await s?.stop()).toBe(0);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function rpc(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
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
  const created = await rpc('/svc.reports.v1.ReportsService/Create', { jobId: '3dd88aab-9788-4bfa-87b2-b9939ce07b2e', type: 'spam' });
  expect(created.body.report).toMatchObject({ state: 'queued', type: 'spam' });
});
