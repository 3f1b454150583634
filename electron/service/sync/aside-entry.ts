// The thread's half of a run aside (aside-thread.ts has the asking half): a sync or a crawl runs
// here with its own connection and HTTP client, while the thread that asked (in the app, the one
// that answers searches) keeps the saved jobs and applies their checks as they arrive, in order.
import { parentPort, workerData } from 'node:worker_threads';
import type { SavedJobCheck, SavedJobsPort } from './saved-jobs-port.js';

/**
 * What the asking thread sends: the run's options that cross threads (functions do not: the clock
 * is this thread's own), and the saved jobs' ids as they were when the run was asked.
 */
export interface AsideTask<O> {
  options: O;
  savedJobIds?: string[];
}

/** A failure as it crosses: its kind (name), message, stack and code (SQLite's, Connect's). */
export interface CrossedError {
  name: string;
  message: string;
  stack?: string;
  code?: string | number;
}

export type AsideMessage<P, R> =
  | { kind: 'progress'; progress: P }
  | { kind: 'check'; jobId: string; check: SavedJobCheck; checkedAt: number }
  | { kind: 'done'; result: R }
  | { kind: 'failed'; error: CrossedError };

/** The one message the asking thread sends after the start: stop. */
export interface AsideStop {
  kind: 'stop';
}

/** What the run is given on this thread in place of the asking thread's own. */
export interface AsideHooks<P> {
  signal: AbortSignal;
  onProgress: (p: P) => void;
  savedJobs?: SavedJobsPort;
}

/** Runs the task this thread was started with, answers the asking thread, and closes the port. */
export async function serveAside<O, P, R>(
  stopReason: string,
  run: (options: O, hooks: AsideHooks<P>) => Promise<R>,
): Promise<void> {
  const task = workerData as AsideTask<O>;
  const port = parentPort!;
  const stop = new AbortController();
  port.on('message', (m: AsideStop) => {
    if (m.kind === 'stop') stop.abort(new Error(stopReason));
  });
  const post = (m: AsideMessage<P, R>) => port.postMessage(m);
  const ids = task.savedJobIds;
  try {
    const result = await run(task.options, {
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
    post({ kind: 'done', result });
  } catch (e) {
    post({ kind: 'failed', error: crossed(e) });
  } finally {
    port.close();
  }
}

function crossed(e: unknown): CrossedError {
  const err = e instanceof Error ? e : new Error(String(e));
  const code = (err as { code?: unknown }).code;
  return {
    name: err.name,
    message: err.message,
    ...(err.stack ? { stack: err.stack } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
  };
}
