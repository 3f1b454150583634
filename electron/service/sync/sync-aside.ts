import { Worker } from 'node:worker_threads';
import { builtWorker } from '../paths.js';
import { DiskFull } from '../sqlite/writable-files.js';
import { FileBusy } from '../sqlite/busy.js';
import { PageMismatch } from './page-check.js';
import { SnapshotCorrupt } from './snapshot-download.js';
import { SyncAlreadyRunning } from './sync-lock.js';
import type { SyncReport } from './sync-index.js';
import type { AsideSyncOptions, CrossedError, SyncStop, SyncTask, SyncThreadMessage } from './sync-thread.js';
import { WalkStuck } from './walk-guard.js';

/**
 * syncIndex on a thread of its own (sync-thread.ts), so the calling thread (in the app, the one
 * that answers searches) only relays progress and applies saved jobs' checks. Same options, same
 * report, same errors (message, name and the kinds below); a stop through `signal` rejects with its
 * reason once the run has reached a checkpoint. On this thread when the code runs from its sources
 * (tests), the built entry is missing, or a clock is given (a function does not cross threads).
 */
export async function syncAside(options: AsideSyncOptions): Promise<SyncReport> {
  const entry = builtWorker('sync', 'sync-thread.js');
  if (!entry || options.now) {
    const { syncIndex } = await import('./sync-index.js');
    return syncIndex(options);
  }
  const { signal, onProgress, savedJobs, now: _clock, ...crossing } = options;
  signal?.throwIfAborted();
  const task: SyncTask = { options: crossing, ...(savedJobs ? { savedJobIds: savedJobs.savedJobIds() } : {}) };
  // No inherited flags (map-pool.ts): a runner's `--conditions source` would send it to .ts files.
  const worker = new Worker(entry, { workerData: task, execArgv: [] });
  const stop = () => worker.postMessage({ kind: 'stop' } satisfies SyncStop);
  signal?.addEventListener('abort', stop, { once: true });
  // Checks are applied one after another, in the order the run sent them, before the run's end.
  let applied: Promise<void> = Promise.resolve();
  try {
    const outcome = await new Promise<SyncThreadMessage & { kind: 'done' | 'failed' }>((resolve, reject) => {
      worker.on('message', (m: SyncThreadMessage) => {
        if (m.kind === 'progress') onProgress?.(m.progress);
        else if (m.kind === 'check') {
          const { jobId, check, checkedAt } = m;
          applied = applied.then(() => savedJobs?.recordCheck(jobId, check, new Date(checkedAt)));
        } else {
          // The run has closed the index; a kept-alive socket must not keep the thread, or the app, waiting.
          resolve(m);
          void worker.terminate();
        }
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the sync's thread stopped (exit code ${code}) before it finished`)),
      );
    });
    await applied;
    if (outcome.kind === 'done') return outcome.report;
    if (signal?.aborted) throw signal.reason;
    throw rebuilt(outcome.error);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/** The kinds a caller tells apart (the CLI's exit codes, the upstream's faults): rebuilt as themselves. */
const KINDS: Record<string, { prototype: Error }> = {
  DiskFull,
  FileBusy,
  PageMismatch,
  SnapshotCorrupt,
  SyncAlreadyRunning,
  WalkStuck,
};

function rebuilt(c: CrossedError): Error {
  const e = new Error(c.message);
  const kind = KINDS[c.name];
  if (kind) Object.setPrototypeOf(e, kind.prototype);
  // Own properties: the name as the thread's error had it (a class field there), its stack and code.
  Object.defineProperty(e, 'name', { value: c.name, writable: true, configurable: true });
  if (c.stack) e.stack = c.stack;
  if (c.code !== undefined) Object.defineProperty(e, 'code', { value: c.code, writable: true, configurable: true });
  return e;
}
