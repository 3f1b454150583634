import { Worker } from 'node:worker_threads';
import { builtWorker } from '../paths.js';
import type { AsideOptions, CrawlStop, CrawlTask, CrawlThreadMessage } from './crawl-thread.js';
import type { CrawlSummary } from './crawl-types.js';

/**
 * crawlBoards on a thread of its own (crawl-thread.ts), so the calling thread (in the app, the one
 * that answers searches) only relays progress and applies saved jobs' checks. Same options, same
 * summary, same errors; a stop through `signal` rejects with its reason once the run has stopped.
 * On this thread when the code runs from its sources (tests), the built entry is missing, or a
 * clock is given (a function does not cross threads).
 */
export async function crawlAside(options: AsideOptions): Promise<CrawlSummary> {
  const entry = builtWorker('crawl', 'crawl-thread.js');
  if (!entry || options.now) {
    const { crawlBoards } = await import('./crawl-boards.js');
    return crawlBoards(options);
  }
  const { signal, onProgress, savedJobs, now: _clock, ...crossing } = options;
  signal?.throwIfAborted();
  const task: CrawlTask = { options: crossing, ...(savedJobs ? { savedJobIds: savedJobs.savedJobIds() } : {}) };
  // No inherited flags (map-pool.ts): a runner's `--conditions source` would send it to .ts files.
  const worker = new Worker(entry, { workerData: task, execArgv: [] });
  const stop = () => worker.postMessage({ kind: 'stop' } satisfies CrawlStop);
  signal?.addEventListener('abort', stop, { once: true });
  // Checks are applied one after another, in the order the run sent them, before the run's end.
  let applied: Promise<void> = Promise.resolve();
  try {
    const outcome = await new Promise<CrawlThreadMessage & { kind: 'done' | 'failed' }>((resolve, reject) => {
      worker.on('message', (m: CrawlThreadMessage) => {
        if (m.kind === 'progress') onProgress?.(m.progress);
        else if (m.kind === 'check') {
          const { jobId, check, checkedAt } = m;
          applied = applied.then(() => savedJobs?.recordCheck(jobId, check, new Date(checkedAt)));
        } else {
          // The run has ended and closed its connection: a handle left open (a kept-alive socket)
          // must not keep the crawl waiting.
          resolve(m);
          void worker.terminate();
        }
      });
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the crawl's thread stopped (exit code ${code}) before it finished`)),
      );
    });
    await applied;
    if (outcome.kind === 'done') return outcome.summary;
    if (signal?.aborted) throw signal.reason;
    throw new Error(outcome.message);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
