import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { builtWorker } from '../paths.js';
import type { Sanitize } from '../sanitize/lazy-sanitizer.js';
import type { MapTask } from './map-worker.js';
import { toCrawledJob, type Mapped } from './to-job.js';

/** Maps a board's postings to crawled jobs, on worker threads when there are any. */
export interface PostingMapper {
  /** Worker threads mapping (0: on the calling thread). */
  readonly threads: number;
  map(task: MapTask): Promise<Mapped[]>;
  close(): Promise<void>;
}

/** One core stays with the thread that reads boards and writes the index. */
export function defaultMapThreads(): number {
  return availableParallelism() - 1;
}

/**
 * A mapper with `threads` worker threads. It maps on the calling thread when `threads` < 1, when
 * the code runs from its TypeScript sources (tests: the built worker could be older than them),
 * or when the built worker is missing.
 */
export function postingMapper(sanitize: Sanitize, threads = defaultMapThreads()): PostingMapper {
  const entry = threads < 1 ? undefined : builtWorker('crawl', 'map-worker.js');
  if (!entry) {
    return {
      threads: 0,
      map: (t) => Promise.resolve(t.postings.map((p) => toCrawledJob(t.board, p, t.companyName, sanitize))),
      close: () => Promise.resolve(),
    };
  }
  // Started, and piscina loaded, at the first posting to map: a re-crawl where nothing changed
  // maps nothing, and opening the service does not load piscina from node_modules (main-bundle.md).
  let pool: Promise<Piscina<MapTask, Mapped[]>> | undefined;
  return {
    threads,
    map: (t) => {
      if (t.postings.length === 0) return Promise.resolve([]);
      pool ??= import('piscina').then(
        ({ Piscina }) =>
          // No inherited flags: a test runner's `--conditions source` would send the built worker to .ts files.
          new Piscina<MapTask, Mapped[]>({
            filename: entry,
            minThreads: threads,
            maxThreads: threads,
            execArgv: [],
          }),
      );
      return pool.then((p) => p.run(t));
    },
    close: () => pool?.then((p) => p.destroy()) ?? Promise.resolve(),
  };
}
