import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { EXPIRED_RETENTION_MS } from '#shared/rules/limits';
import { removeSample } from '../index-db/write/clear-sample.js';
import type { IndexWriter } from '../index-db/write/index-writer.js';
import { refreshStats } from '../index-db/write/refresh-stats.js';
import { heapRelief } from '../net/heap-relief.js';
import { builtWorker } from '../paths.js';
import type { StatsTask } from './stats-worker.js';

// The end of a crawl ran as one transaction on the crawling thread, which in the app is the
// thread that answers searches: 6.5 s without an answer at 5,000 boards (issue 28). Now the purge
// goes in short transactions with a turn of the event loop between them, and the counts are
// recomputed on a thread of their own. Each step is safe to die after: a purge turn marks the
// counts stale (the next open repairs them), and the run's state goes last.

/** Jobs purged per transaction: a few milliseconds each. */
export const PURGE_TURN = 500;

export interface FinishOptions {
  db: Database;
  writer: IndexWriter;
  indexFile: string;
  at: number;
  /** A job was written this run. */
  changed: boolean;
  /** Real postings were read (the sample leaves: provenance.md). */
  readReal: boolean;
  /** Called last, once everything before it is written (the run's state goes). */
  done: () => void;
}

/** Purges expired jobs past retention, removes the sample, refreshes the counts when anything changed. */
export async function finishRun(o: FinishOptions): Promise<void> {
  let changed = o.changed;
  const cutoff = o.at - EXPIRED_RETENTION_MS;
  for (;;) {
    const purged = o.writer.transaction(() => o.writer.purgeSomeExpiredBefore(cutoff, PURGE_TURN));
    if (purged > 0) changed = true;
    if (purged < PURGE_TURN) break;
    await nextTurn();
  }
  if (o.readReal && o.writer.transaction(() => removeSample(o.db, o.writer, o.at).jobs) > 0) changed = true;
  // Stats (facets, search terms, index_version) only when a job changed: a crawl where nothing
  // changed writes nothing, and readers' caches stay valid.
  if (changed) {
    // The run's last garbage goes before the counts' thread takes its own heap and cache.
    heapRelief.collect();
    await refreshStatsAside(o.db, o.indexFile, o.at);
  }
  o.done();
}

/**
 * refreshStats on a worker thread with its own connection; on this thread when the code runs
 * from its sources (tests) or the built worker is missing.
 */
async function refreshStatsAside(db: Database, indexFile: string, at: number): Promise<void> {
  const entry = builtWorker('crawl', 'stats-worker.js');
  if (!entry) return refreshStats(db, at);
  await new Promise<void>((resolve, reject) => {
    // No inherited flags (map-pool.ts): a runner's `--conditions source` would send it to .ts files.
    const worker = new Worker(entry, { workerData: { indexFile, at } satisfies StatsTask, execArgv: [] });
    let ok = false;
    worker.once('message', () => (ok = true));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      ok ? resolve() : reject(new Error(`the counts' worker stopped (exit code ${code}) before it finished`)),
    );
  });
}
