import { Worker } from 'node:worker_threads';
import type { AsideMessage, AsideStop, AsideTask, CrossedError } from './aside-entry.js';
import type { SavedJobsPort } from './saved-jobs-port.js';

/** What stays with the asking thread: functions and a signal do not cross. */
export interface AsideLocal<P> {
  signal?: AbortSignal | undefined;
  onProgress?: ((p: P) => void) | undefined;
  savedJobs?: SavedJobsPort | undefined;
}

/**
 * Runs a built thread entry (one that calls aside-entry.ts's serveAside) with `options`, relaying
 * its progress and applying saved jobs' checks in the order sent, all before it resolves with the
 * run's result. A stop through `signal` rejects with its reason once the run has ended there; a
 * failure is rebuilt by `rebuild` from what crossed. `what` names the run in a thread's death.
 */
export async function runAside<O, P, R>(
  what: string,
  entry: string,
  options: O,
  local: AsideLocal<P>,
  rebuild: (e: CrossedError) => Error = rebuiltError,
): Promise<R> {
  const { signal, onProgress, savedJobs } = local;
  signal?.throwIfAborted();
  const task: AsideTask<O> = { options, ...(savedJobs ? { savedJobIds: savedJobs.savedJobIds() } : {}) };
  // No inherited flags (map-pool.ts): a runner's `--conditions source` would send it to .ts files.
  const worker = new Worker(entry, { workerData: task, execArgv: [] });
  const stop = () => worker.postMessage({ kind: 'stop' } satisfies AsideStop);
  signal?.addEventListener('abort', stop, { once: true });
  // Checks are applied one after another, in the order the run sent them, before the run's end.
  let applied: Promise<void> = Promise.resolve();
  try {
    const outcome = await new Promise<AsideMessage<P, R> & { kind: 'done' | 'failed' }>((resolve, reject) => {
      worker.on('message', (m: AsideMessage<P, R>) => {
        if (m.kind === 'progress') onProgress?.(m.progress);
        else if (m.kind === 'check') {
          const { jobId, check, checkedAt } = m;
          applied = applied.then(() => savedJobs?.recordCheck(jobId, check, new Date(checkedAt)));
        } else {
          // The run has ended and closed its connection: a handle left open (a kept-alive socket)
          // must not keep the caller waiting.
          resolve(m);
          void worker.terminate();
        }
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the ${what}'s thread stopped (exit code ${code}) before it finished`)),
      );
    });
    await applied;
    if (outcome.kind === 'done') return outcome.result;
    if (signal?.aborted) throw signal.reason;
    throw rebuild(outcome.error);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * An Error as the thread's was: its message, name, stack and code; of `kind`'s class when given,
 * so `instanceof` holds for the kinds a caller tells apart.
 */
export function rebuiltError(c: CrossedError, kind?: { prototype: Error }): Error {
  const e = new Error(c.message);
  if (kind) Object.setPrototypeOf(e, kind.prototype);
  // Own properties, as the thread's error had them (a class field there).
  Object.defineProperty(e, 'name', { value: c.name, writable: true, configurable: true });
  if (c.stack) e.stack = c.stack;
  if (c.code !== undefined) Object.defineProperty(e, 'code', { value: c.code, writable: true, configurable: true });
  return e;
}
