import { builtWorker } from '../paths.js';
import { runAside } from '../sync/aside-thread.js';
import type { AsideOptions, CrawlTaskOptions } from './crawl-thread.js';
import type { CrawlProgress, CrawlSummary } from './crawl-types.js';

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
  return runAside<CrawlTaskOptions, CrawlProgress, CrawlSummary>('crawl', entry, crossing, {
    signal,
    onProgress,
    savedJobs,
  });
}
