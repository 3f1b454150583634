// A first sync from a real `jobindex serve` and incremental syncs after the upstream moves on:
// local answers must equal the upstream's for every request in REQUESTS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '#tools/generate/build-index';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { syncIndex, type SyncProgress } from '#service/sync/sync-index';
import { answers, localClients, MemorySaved, startUpstream, walkList, type Upstream } from './sync-harness.js';

let up: Upstream;
let dir: string;
let db: IndexDb;

beforeAll(async () => {
  up = await startUpstream(300, 21);
  dir = mkdtempSync(join(tmpdir(), 'jobindex-local-'));
  // The local index starts as another index (as the app's starts as the bundled one).
  buildIndex(join(dir, 'local.sqlite'), { jobs: 60, seed: 99, now: up.now });
  db = openIndex(join(dir, 'local.sqlite'));
});
afterAll(async () => {
  db?.close();
  await up?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Generous timeouts: the machine is shared, and each sync makes one request per job.
describe('sync', { timeout: 120_000 }, () => {
  it('a first sync makes every List answer, the company list and the counts equal the upstream', async () => {
    const foreignJobs = db.prepare('SELECT count(*) FROM jobs').pluck().get() as number;
    const foreignCompanies = db.prepare('SELECT count(*) FROM companies').pluck().get() as number;
    const events: SyncProgress[] = [];
    const r = await syncIndex({ upstream: up.url, db, onProgress: (p) => events.push(p) });
    expect(r.full).toBe(true);
    expect(r.malformedSkipped).toBe(0);
    const active = (await up.clients.meta.getInfo({})).jobCount;
    expect(r.jobsWritten).toBe(active);
    // What the local index held before and the upstream does not know is gone, jobs and companies.
    expect(r.purged).toBe(foreignJobs);
    expect(r.companiesRemoved).toBe(foreignCompanies);
    expect(r.details).toBeGreaterThanOrEqual(active);
    expect(await answers(localClients(db))).toEqual(await answers(up.clients));
    // Details carry what cards do not: the description and every location.
    const [card] = await walkList(up.clients, { filters: { country: 'US' } }, 1).then(
      (c) => c.slice(0, 1) as Array<{ id: string }>,
    );
    expect(await localClients(db).jobs.get({ id: card!.id })).toEqual(await up.clients.jobs.get({ id: card!.id }));
    // Progress: every phase reports, cards with the total the upstream's company counts give.
    expect(new Set(events.map((e) => e.phase))).toEqual(
      new Set(['companies', 'cards', 'details', 'reconcile', 'commit']),
    );
    const lastCards = events.filter((e) => e.phase === 'cards').at(-1)!;
    expect(lastCards.done).toBe(active);
    expect(lastCards.total).toBe(active);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('an incremental sync brings additions, re-verifications, expiries and removals, pulling only what changed', async () => {
    const ch = up.evolve({ add: 20, reverify: 12, expire: 8, remove: 4, seed: 3 });
    const saved = new MemorySaved([ch.expired[0]!, ch.removed[0]!, ch.reverified[0]!]);
    const before = localClients(db);
    const r = await syncIndex({ upstream: up.url, db, savedJobs: saved });
    expect(r.full).toBe(false);
    expect(r.expired).toBe(8);
    expect(r.purged).toBe(4);
    expect(r.jobsWritten).toBe(20 + 12);
    expect(r.cards).toBeLessThan(100);
    expect(await answers(localClients(db))).toEqual(await answers(up.clients));
    // An expired job left search at once and its detail stays readable, as the upstream's does.
    const gone = ch.expired[1]!;
    expect((await walkList(before, {})).some((c) => (c as { id: string }).id === gone)).toBe(false);
    const detail = await localClients(db).jobs.get({ id: gone });
    expect(detail.status).toBe('expired');
    expect(detail).toEqual(await up.clients.jobs.get({ id: gone }));
    // A removed job is not found, locally as upstream.
    await expect(localClients(db).jobs.get({ id: ch.removed[1]! })).rejects.toMatchObject({ code: Code.NotFound });
    // Saved jobs were re-checked and told what the upstream said.
    expect(Object.fromEntries(saved.checks)).toEqual({
      [ch.expired[0]!]: 'expired',
      [ch.removed[0]!]: 'gone',
      [ch.reverified[0]!]: 'detail',
    });
  });

  it('a second incremental sync with no upstream change changes nothing and fetches no detail', async () => {
    const version = (await localClients(db).meta.getInfo({})).jobCount;
    const r = await syncIndex({ upstream: up.url, db });
    expect(r.details).toBe(0);
    expect(r.jobsWritten + r.expired + r.purged).toBe(0);
    expect((await localClients(db).meta.getInfo({})).jobCount).toBe(version);
  });

  it('expired details are purged 30 days after expiry', async () => {
    const [id] = db.prepare("SELECT id FROM jobs WHERE status = 'expired'").pluck().all() as string[];
    const expiredAt = db.prepare('SELECT expired_at FROM jobs WHERE id = ?').pluck().get(id) as number;
    const r = await syncIndex({ upstream: up.url, db, now: () => expiredAt + 31 * 86_400_000 });
    expect(r.purged).toBe(8);
    expect(db.prepare('SELECT count(*) FROM jobs WHERE id = ?').pluck().get(id)).toBe(0);
  });

  it('names the bad option', async () => {
    await expect(syncIndex({ upstream: 'ftp://x', db })).rejects.toThrow(/upstream: must be an http\(s\) URL/);
    await expect(syncIndex({ upstream: up.url, db, concurrency: 0 })).rejects.toThrow(/concurrency/);
    expect(ConnectError).toBeDefined();
  });
});
