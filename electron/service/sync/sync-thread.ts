// A sync on a thread of its own (sync-aside.ts). In the app, background sync ran on the thread that
// answers searches: decompressing and installing a snapshot, staging cards, the commit's writes
// all held that thread, and a search typed meanwhile waited for them (issue 28: no stall over
// 100 ms while a sync runs). Here the whole run (its connection, its HTTP client, its commit) runs
// apart; the asking thread keeps the saved jobs and applies their checks as they arrive, in order.
import { parentPort, workerData } from 'node:worker_threads';
import type { SavedJobCheck } from './saved-jobs-port.js';
import { syncIndex, type SyncOptions, type SyncProgress, type SyncReport } from './sync-index.js';

/** syncIndex's options as sync-aside.ts takes them: into a file, by name (a connection does not cross threads). */
export type AsideSyncOptions = Omit<SyncOptions, 'db' | 'indexFile'> & { indexFile: string };

/**
 * What the asking thread sends: the options that cross threads (functions do not: the clock is
 * this thread's own), and the saved jobs' ids as they were when the run was asked.
 */
export interface SyncTask {
  options: Omit<AsideSyncOptions, 'signal' | 'onProgress' | 'savedJobs' | 'now'>;
  savedJobIds?: string[];
}

/** A failure as it crosses: its kind (name), message, stack and code (SQLite's, Connect's). */
export interface CrossedError {
  name: string;
  message: string;
  stack?: string;
  code?: string | number;
}

export type SyncThreadMessage =
  | { kind: 'progress'; progress: SyncProgress }
  | { kind: 'check'; jobId: string; check: SavedJobCheck; checkedAt: number }
  | { kind: 'done'; report: SyncReport }
  | { kind: 'failed'; error: CrossedError };

/** The one message the asking thread sends after the start: stop. */
export interface SyncStop {
  kind: 'stop';
}

const task = workerData as SyncTask;
const port = parentPort!;
const stop = new AbortController();
port.on('message', (m: SyncStop) => {
  if (m.kind === 'stop') stop.abort(new Error('the sync was stopped'));
});
const post = (m: SyncThreadMessage) => port.postMessage(m);
const ids = task.savedJobIds;
try {
  const report = await syncIndex({
    ...task.options,
    signal: stop.signal,
    onProgress: (progress) => post({ kind: 'progress', progress }),
    ...(ids
      ? {
          savedJobs: {
            savedJobIds: () => ids,
            recordCheck: (jobId, check, at) => post({ kind: 'check', jobId, check, checkedAt: at.getTime() }),
          },
        }
      : {}),
  });
  post({ kind: 'done', report });
} catch (e) {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as { code?: unknown }).code;
  post({
    kind: 'failed',
    error: {
      name: err.name,
      message: err.message,
      ...(err.stack ? { stack: err.stack } : {}),
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    },
  });
} finally {
  port.close();
}
