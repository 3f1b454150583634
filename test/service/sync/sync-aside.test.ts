import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { packageRoot } from '#service/paths';
import { syncIndex, type SyncProgress } from '#service/sync/sync-index';
import { buildIndex } from '#tools/generate/build-index';
import type * as AsideModule from '../../../electron/service/sync/sync-aside.js';
import type * as LockModule from '../../../electron/service/sync/sync-lock.js';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { startFaultProxy } from './fault-proxy.js';
import { FAST_RETRY } from './proxied-upstream.js';
import { snapshotUpstream, type SnapshotUpstream } from './snapshot-upstream.js';
import { answers, localClients, testNow } from './sync-harness.js';

// In the app a sync runs on a thread of its own (sync-aside.ts), so the thread that answers
// searches never waits for it (issue 28). The thread runs tsc's output: these tests load the built
// module (built first when older than the sources) and hold it to what the in-thread sync does.
const built = (path: string) => join(packageRoot, 'dist', 'electron', 'service', 'sync', path);
const GET = '/svc.jobs.v1.JobsService/Get';
const now = testNow();
/** What `p` rejected with; undefined when it resolved. */
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: Error) => e,
  );

describe('a sync on a thread of its own', { timeout: 120_000 }, () => {
  let dir: string;
  let up: SnapshotUpstream;
  let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
  let aside: typeof AsideModule.syncAside;
  let lock: typeof LockModule;
  let n = 0;
  const open: IndexDb[] = [];
  /** A local index as the app starts with: another generated index (the bundled sample). */
  const freshLocal = () => {
    const file = join(dir, `local-${n++}.sqlite`);
    buildIndex(file, { jobs: 40, seed: 99, now });
    return file;
  };
  /** A connection kept open on `file`, as the app's searches hold one all along. */
  const reader = (file: string) => {
    const db = openIndex(file);
    open.push(db);
    return db;
  };

  beforeAll(async () => {
    await ensureBuilt();
    if (!existsSync(built('sync-thread.js')))
      throw new Error('dist/ is missing the built sync thread: run `npm run build` first');
    aside = ((await import(built('sync-aside.js'))) as typeof AsideModule).syncAside;
    lock = (await import(built('sync-lock.js'))) as typeof LockModule;
    dir = mkdtempSync(join(tmpdir(), 'jobindex-sync-aside-'));
    up = await snapshotUpstream(dir, 300, 23, now);
    proxy = await startFaultProxy(up.url);
  }, 120_000);
  afterAll(async () => {
    open.forEach((db) => db.close());
    await proxy?.close();
    await up?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes what the in-thread sync writes, and relays its progress', async () => {
    proxy.setPlan(() => undefined);
    const here = freshLocal();
    const there = freshLocal();
    const a = await syncIndex({ upstream: proxy.url, indexFile: here, snapshot: 'never' });
    const progress: SyncProgress[] = [];
    const b = await aside({
      upstream: proxy.url,
      indexFile: there,
      snapshot: 'never',
      onProgress: (p) => progress.push(p),
    });
    expect(b.jobsWritten).toBeGreaterThan(0);
    expect({ ...b, durationMs: 0 }).toEqual({ ...a, durationMs: 0 });
    expect(await answers(localClients(reader(there)))).toEqual(await answers(localClients(reader(here))));
    expect(new Set(progress.map((p) => p.phase))).toEqual(
      new Set(['companies', 'cards', 'details', 'reconcile', 'commit']),
    );
  });

  it('after a snapshot sync, searches on a connection open all along see the synced jobs', async () => {
    proxy.setPlan(() => undefined);
    const here = freshLocal();
    const there = freshLocal();
    const hereSearch = localClients(reader(here));
    const thereSearch = localClients(reader(there));
    const before = (await thereSearch.meta.getInfo({})).jobCount;
    const a = await syncIndex({ upstream: proxy.url, indexFile: here });
    const b = await aside({ upstream: proxy.url, indexFile: there });
    // Installed page by page, as in the app: its searches hold the index open.
    expect(a.snapshot).toMatchObject({ used: true, install: 'pages' });
    expect(b.snapshot).toMatchObject({ used: true, install: 'pages', jobs: a.snapshot.jobs });
    expect(await answers(thereSearch)).toEqual(await answers(hereSearch));
    expect((await thereSearch.meta.getInfo({})).jobCount).toBeGreaterThan(before + 200);
  });

  it('applies saved jobs’ checks through the asking thread’s port, in order, before it resolves', async () => {
    proxy.setPlan(() => undefined);
    const saved = upstreamJobIds(2);
    const unknown = randomUUID();
    const ids = [unknown, ...saved];
    const checks: string[] = [];
    const report = await aside({
      upstream: proxy.url,
      indexFile: freshLocal(),
      snapshot: 'never',
      savedJobs: {
        savedJobIds: () => ids,
        recordCheck: async (id, check, at) => {
          // A slow port: the run must wait for each check before it resolves.
          await new Promise((r) => setTimeout(r, 20));
          checks.push(
            `${id} ${check.kind === 'detail' ? `detail of ${check.detail.id}` : check.kind} ${at.getTime() > 0}`,
          );
        },
      },
    });
    expect(report.savedChecked).toBe(ids.length);
    expect(checks.sort()).toEqual([`${unknown} gone true`, ...saved.map((id) => `${id} detail of ${id} true`)].sort());
  });

  it('stops when asked: rejects with the reason, and the next run resumes and ends as the in-thread one', async () => {
    const file = freshLocal();
    // Every Get is slow: the stop arrives while details are being fetched.
    proxy.setPlan((path) => (path === GET ? { kind: 'delay', ms: 200 } : undefined));
    const stop = new AbortController();
    const reason = new Error('the app is quitting');
    const run = aside({
      upstream: proxy.url,
      indexFile: file,
      snapshot: 'never',
      signal: stop.signal,
      onProgress: (p) => {
        if (p.phase === 'details') stop.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    proxy.setPlan(() => undefined);
    const again = await aside({ upstream: proxy.url, indexFile: file, snapshot: 'never' });
    expect(again).toMatchObject({ resumed: true, full: true });
    expect(await answers(localClients(reader(file)))).toEqual(await answers(localClients(reader(freshAfterSync()))));
  });

  it('a failing upstream’s error arrives with its message, as the in-thread sync’s does', async () => {
    proxy.setPlan(() => ({ kind: 'status', status: 500 }));
    const opts = { upstream: proxy.url, snapshot: 'never' as const, retry: { ...FAST_RETRY, retries: 1 } };
    const inThread = await rejection(syncIndex({ ...opts, indexFile: freshLocal() }));
    const fromThread = await rejection(aside({ ...opts, indexFile: freshLocal() }));
    proxy.setPlan(() => undefined);
    expect(inThread).toBeInstanceOf(Error);
    expect(fromThread).toBeInstanceOf(Error);
    expect([fromThread?.name, fromThread?.message]).toEqual([inThread?.name, inThread?.message]);
  });

  it('an error of a kind callers tell apart arrives as that kind', async () => {
    const file = freshLocal();
    // Another live process holds the index's sync lock (this test runner's parent).
    writeFileSync(`${file}.sync-lock`, `${process.ppid} someone-else`);
    const e = await rejection(aside({ upstream: proxy.url, indexFile: file }));
    expect(e).toBeInstanceOf(lock.SyncAlreadyRunning);
    expect(e).toMatchObject({ name: 'SyncAlreadyRunning', message: expect.stringContaining('is already running') });
  });

  /** A local index synced in-thread from the upstream: what every run should end as. */
  let synced: string | undefined;
  function freshAfterSync(): string {
    if (!synced) throw new Error('synced in beforeAll');
    return synced;
  }
  /** Active jobs of the upstream, by id. */
  function upstreamJobIds(count: number): string[] {
    const db = openIndex(join(dir, 'upstream.sqlite'), { readonly: true });
    try {
      return db
        .prepare("SELECT id FROM jobs WHERE status = 'active' ORDER BY id LIMIT ?")
        .pluck()
        .all(count) as string[];
    } finally {
      db.close();
    }
  }
  beforeAll(async () => {
    proxy.setPlan(() => undefined);
    synced = freshLocal();
    await syncIndex({ upstream: proxy.url, indexFile: synced, snapshot: 'never' });
  }, 120_000);
});
