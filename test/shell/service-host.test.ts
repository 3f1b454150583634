import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundledIndexPath } from '#service/paths';
import { plainBox } from '#service/user-db/secrets';
import { startEarlyWorker, takeEarlyWorker } from '../../electron/shell/early-worker.js';
import {
  MAX_FAILED_STARTS,
  startServiceHost,
  type ServiceHost,
  type ServiceHostOptions,
} from '../../electron/shell/service-host.js';
import type { ServiceProgress, ServiceWorkerData, WireResponse } from '#worker/service-protocol';
import { SYNC_UPSTREAM_KEY } from '#service/sync/sync-settings';
import { root } from '../helpers/built-dist.js';
import { POLL } from '../helpers/poll.js';
import { serve } from '../server/serve-process.js';

// The service worker's lifecycle as main sees it, on the worker the app ships (dist/app, built by
// `npm run build`): a call cancelled in flight, a crash with calls in flight, a worker that cannot
// start, and quitting while a write is in flight. The worker runs inside a wrapper that throws on
// the message 'crash', as an uncaught error in the service would.

const workerUrl = pathToFileURL(join(root, 'dist', 'app', 'service-worker.js')).href;
// Listening only once the service listens: the port holds messages until its first listener.
const crashable = `
const { parentPort } = require('node:worker_threads');
import(${JSON.stringify(workerUrl)}).then(() =>
  parentPort.on('message', (m) => { if (m === 'crash') throw new Error('boom in the service'); }));
`;

const encode = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
const decode = (r: WireResponse) => JSON.parse(new TextDecoder().decode(r.body)) as Record<string, any>;
const rpc = (path: string, body: unknown) => ({ path, contentType: 'application/json', body: encode(body) });
const getInfo = rpc('/svc.meta.v1.MetaService/GetInfo', {});
const firstJob = rpc('/svc.jobs.v1.JobsService/List', { query: { limit: 1 } });
const exportAll = rpc('/svc.exports.v1.ExportsService/Start', { format: 'csv', search: {} });

interface Harness {
  host: ServiceHost;
  userData: string;
  /** Every worker started, in order (the last is the one running). */
  workers: Worker[];
  logs: string[];
  /** The worker's asks for the save dialog, in order, each answered by calling it with the path chosen. */
  dialogs: Array<(path: string | undefined) => void>;
}

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function startHost(opts: { userData?: string; onEvent?: ServiceHostOptions['onEvent'] } = {}): Harness {
  const userData = opts.userData ?? mkdtempSync(join(tmpdir(), 'jobindex-host-'));
  const workers: Worker[] = [];
  const logs: string[] = [];
  const dialogs: Harness['dialogs'] = [];
  const spawn: ServiceHostOptions['spawn'] = (syncPort: MessagePort) => {
    const w = new Worker(crashable, {
      eval: true,
      workerData: {
        userData,
        shippedIndex: bundledIndexPath,
        secretBoxName: plainBox.name,
        syncPort,
      } satisfies ServiceWorkerData,
      transferList: [syncPort],
    });
    workers.push(w);
    return w;
  };
  const host = startServiceHost({
    spawn,
    calls: {
      saveDialog: () => new Promise((resolve) => dialogs.push(resolve)),
    },
    log: (line) => logs.push(line),
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
  });
  cleanup.push(async () => {
    for (const answer of dialogs) answer(undefined);
    await host.close();
    rmSync(userData, { recursive: true, force: true });
  });
  return { host, userData, workers, logs, dialogs };
}

describe('the service worker, seen from main', () => {
  it('answers a call cancelled in flight at once; the cancelled export never starts, a later one writes its file', async () => {
    const h = startHost();
    const caller = new AbortController();
    const cancelled = h.host.request(exportAll, caller.signal);
    await vi.waitFor(() => expect(h.dialogs).toHaveLength(1), POLL);
    caller.abort();
    // Answered while the dialog is still open: the caller does not wait for the worker.
    const res = await cancelled;
    expect(res.status).toBe(499);
    expect(decode(res)).toEqual({ code: 'canceled', message: 'the call was cancelled' });
    h.dialogs[0]!(join(h.userData, 'cancelled.csv'));
    // The same export not cancelled, once the first has had as long to write its rows.
    const kept = h.host.request(exportAll);
    await vi.waitFor(() => expect(h.dialogs).toHaveLength(2), POLL);
    h.dialogs[1]!(join(h.userData, 'kept.csv'));
    const id = decode(await kept).export.id as string;
    await vi.waitFor(async () => {
      const got = decode(await h.host.request(rpc('/svc.exports.v1.ExportsService/Get', { id })));
      expect(got.export.state).toBe('done');
    }, POLL);
    expect(existsSync(join(h.userData, 'kept.csv'))).toBe(true);
    expect(existsSync(join(h.userData, 'cancelled.csv'))).toBe(false);
  });

  it('reports a sync’s progress to main as it goes, phase by phase, then that it is over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jobindex-host-upstream-'));
    copyFileSync(bundledIndexPath, join(dir, 'index.sqlite'));
    const upstream = await serve('--db', join(dir, 'index.sqlite'));
    cleanup.push(async () => {
      await upstream.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const events: ServiceProgress[] = [];
    const h = startHost({ onEvent: (name, data) => name === 'progress' && events.push(data as ServiceProgress) });
    await h.host.control('settings.set', SYNC_UPSTREAM_KEY, { url: upstream.url, everyMinutes: 60 });
    await h.host.control('sync.now');
    expect(decode(await h.host.request(getInfo)).upstream).toBe(upstream.url);
    // Every event came before the call's answer, the last one saying the sync is over.
    expect(events.at(-1)).toEqual({ task: 'sync', over: true });
    expect(events.filter((e) => 'over' in e)).toHaveLength(1);
    const steps = events.flatMap((e) => ('phase' in e ? [e] : []));
    expect(new Set(steps.map((e) => e.phase))).toEqual(
      new Set(['companies', 'cards', 'details', 'reconcile', 'saved', 'commit']),
    );
    // Within a phase the count only grows and never passes a known total.
    steps.forEach((e, i) => {
      const before = steps[i - 1];
      if (before?.phase === e.phase) expect(e.done).toBeGreaterThanOrEqual(before.done);
      if (e.total !== undefined) expect(e.done).toBeLessThanOrEqual(e.total);
    });
  });

  it('fails the calls in flight with a clear error when the worker crashes, restarts it, and later calls work', async () => {
    const h = startHost();
    expect((await h.host.request(getInfo)).status).toBe(200);
    const inFlight = h.host.request(exportAll);
    await vi.waitFor(() => expect(h.dialogs).toHaveLength(1), POLL);
    h.workers[0]!.postMessage('crash');
    const res = await inFlight;
    expect(res.status).toBe(503);
    expect(decode(res)).toEqual({
      code: 'unavailable',
      message: 'the job index service stopped: boom in the service; it is restarting, try again',
    });
    expect(h.logs.some((l) => l.includes('the service worker crashed') && l.includes('boom in the service'))).toBe(
      true,
    );
    // The next calls reach a new worker, on the same files: a write, then a read that sees it.
    const job = decode(await h.host.request(firstJob)).data[0].id as string;
    expect((await h.host.request(rpc('/svc.saved.v1.SavedJobsService/Save', { jobId: job }))).status).toBe(200);
    const saved = decode(await h.host.request(rpc('/svc.saved.v1.SavedJobsService/List', {})));
    expect(saved.data.map((s: { jobId: string }) => s.jobId)).toEqual([job]);
    expect(h.host.restarts).toBe(1);
    expect(h.workers).toHaveLength(2);
  });

  it(`gives up after ${MAX_FAILED_STARTS} starts that die before the worker is ready, answering why instead of hanging`, async () => {
    // A user-data "folder" that is a file: the service cannot open its files there.
    const dir = mkdtempSync(join(tmpdir(), 'jobindex-host-bad-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const userData = join(dir, 'not-a-folder');
    writeFileSync(userData, '');
    const h = startHost({ userData });
    const res = await h.host.request(getInfo);
    expect(res.status).toBe(503);
    expect(decode(res).message).toMatch(/^the job index service (stopped|could not start): .*not-a-folder/);
    await vi.waitFor(() => expect(h.workers.length).toBe(MAX_FAILED_STARTS), POLL);
    await vi.waitFor(async () => {
      const later = await h.host.request(getInfo);
      expect(decode(later).message).toMatch(/^the job index service could not start: .*not-a-folder/);
    }, POLL);
    expect(h.workers).toHaveLength(MAX_FAILED_STARTS);
    await expect(h.host.control('settings.get', 'window.state')).rejects.toThrow(/could not start/);
  });

  it('on quit lets a write in flight finish, then closes both files and answers later calls that the app is quitting', async () => {
    const h = startHost();
    const job = decode(await h.host.request(firstJob)).data[0].id as string;
    const save = h.host.request(rpc('/svc.saved.v1.SavedJobsService/Save', { jobId: job }));
    const closed = h.host.close();
    expect((await save).status).toBe(200);
    await closed;
    const after = await h.host.request(getInfo);
    expect(after.status).toBe(503);
    expect(decode(after).message).toBe('the app is quitting');
    // Closed cleanly: SQLite folded each write-ahead log back into its file and removed it.
    for (const file of ['index.sqlite', 'user.sqlite']) expect(existsSync(join(h.userData, `${file}-wal`))).toBe(false);
    const user = new Database(join(h.userData, 'user.sqlite'), { readonly: true });
    expect(user.prepare('SELECT job_id FROM saved_jobs').pluck().all()).toEqual([job]);
    user.close();
  });

  it('adopts the worker started before main loaded: what it logged meanwhile reaches main, it answers, none other starts', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'jobindex-host-early-'));
    // As start.ts starts it: before the app is ready, so without the SecretBox's name.
    startEarlyWorker(new URL(workerUrl), { userData, shippedIndex: bundledIndexPath });
    // It installs the index and opens both files with no one listening yet.
    await vi.waitFor(() => expect(existsSync(join(userData, 'user.sqlite'))).toBe(true), POLL);
    const spawned: MessagePort[] = [];
    const logs: string[] = [];
    const host = startServiceHost({
      early: takeEarlyWorker(),
      spawn: (port) => (spawned.push(port), new Worker('', { eval: true })),
      syncCalls: { boxName: () => plainBox.name },
      log: (line) => logs.push(line),
    });
    cleanup.push(async () => {
      await host.close();
      rmSync(userData, { recursive: true, force: true });
    });
    expect((await host.request(getInfo)).status).toBe(200);
    expect(logs).toContainEqual(expect.stringMatching(/^jobindex: index installed from /));
    expect(spawned).toEqual([]);
    expect(takeEarlyWorker()).toBeUndefined();
  });
});
