// A crawl on a thread of its own (crawl-aside.ts). In the app a crawl ran on the thread that
// answers searches: parsing answers, writing boards, loading the engine all held that thread, and
// a search typed meanwhile waited for them (issue 28: no stall over 100 ms while a crawl runs).
// Here the whole run (its connection, its mapping pool, its end) runs apart (sync/aside-entry.ts).
import type { RetryPolicy } from '../net/retrying-fetch.js';
import { serveAside } from '../sync/aside-entry.js';
import { crawlBoards } from './crawl-boards.js';
import type { CrawlOptions, CrawlProgress, CrawlSummary } from './crawl-types.js';

/** crawlBoards' options as crawl-aside.ts takes them. */
export type AsideOptions = CrawlOptions & { retry?: Partial<RetryPolicy> };

/** The options that cross to the thread. */
export type CrawlTaskOptions = Omit<AsideOptions, 'signal' | 'onProgress' | 'savedJobs' | 'now'>;

await serveAside<CrawlTaskOptions, CrawlProgress, CrawlSummary>('the crawl was stopped', (options, hooks) =>
  crawlBoards({ ...options, ...hooks }),
);
