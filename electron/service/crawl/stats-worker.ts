// The end of a crawl's counts (refresh-stats.ts) on a thread of its own (finish-run.ts): a GROUP BY
// over every job and the full-text vocabulary took 6.5 s at 5,000 boards, and on the thread that
// answers searches that was a 6.5 s stall (issue 28). The index is in WAL mode: readers go on.
import { parentPort, workerData } from 'node:worker_threads';
import { openIndex } from '../index-db/open-index.js';
import { refreshStats } from '../index-db/write/refresh-stats.js';
import { RUN_BUSY_TIMEOUT_MS } from '../sqlite/busy.js';

export interface StatsTask {
  indexFile: string;
  at: number;
}

const task = workerData as StatsTask;
const db = openIndex(task.indexFile);
try {
  db.pragma(`busy_timeout = ${RUN_BUSY_TIMEOUT_MS}`);
  // One pass over every job: through a small page cache, not the file mapped, whose pages read
  // count in the crawling process's RSS (docs/decisions/crawl-at-scale.md; issue 32).
  db.pragma('mmap_size = 0');
  db.pragma('cache_size = -16384');
  refreshStats(db, task.at);
} finally {
  db.close();
}
parentPort?.postMessage('done');
