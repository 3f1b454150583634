// A crawl on a thread of its own (crawl-aside.ts). In the app a crawl ran on the thread that
// answers searches: parsing answers, writing boards, loading the engine all held that thread, and
// a search typed meanwhile waited for them (issue 28: no stall over 100 ms while a crawl runs).
// Here the whole run (its connection, its mapping pool, its end) runs apart; the asking thread
// keeps the saved jobs and applies their checks as they arrive, in order.
import { parentPort, workerData } from 'node:worker_threads';
import type { SavedJobCheck } from '../sync/saved-jobs-port.js';
import type { RetryPolicy } from '../net/retrying-fetch.js';
import { crawlBoards } from './crawl-boards.js';
import type { CrawlOptions, CrawlProgress, CrawlSummary } from './crawl-types.js';

/** crawlBoards' options as crawl-aside.ts takes them. */
export type AsideOptions = CrawlOptions & { retry?: Partial<RetryPolicy> };

/**
 * What the asking thread sends: the options that cross threads (functions do not: the clock is
 * this thread's own), and the saved jobs' ids.
 */
export interface CrawlTask {
  options: Omit<AsideOptions, 'signal' | 'onProgress' | 'savedJobs' | 'now'>;
  savedJobIds?: string[];
}

export type CrawlThreadMessage =
  | { kind: 'progress'; progress: CrawlProgress }
  | { kind: 'check'; jobId: string; check: SavedJobCheck; checkedAt: number }
  | { kind: 'done'; summary: CrawlSummary }
  | { kind: 'failed'; message: string };

/** The one message the asking thread sends after the start: stop. */
export interface CrawlStop {
  kind: 'stop';
}

const task = workerData as CrawlTask;
const port = parentPort!;
const stop = new AbortController();
port.on('message', (m: CrawlStop) => {
  if (m.kind === 'stop') stop.abort(new Error('the crawl was stopped'));
});
const post = (m: CrawlThreadMessage) => port.postMessage(m);
const ids = task.savedJobIds;
try {
  const summary = await crawlBoards({
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
  post({ kind: 'done', summary });
} catch (e) {
  post({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
} finally {
  port.close();
}
