import type { SavedJobsPort } from '../sync/saved-jobs-port.js';
import type { BoardRef, Platform } from '#shared/rules/board-ref';
import type { Rot } from './board-rot.js';

export type { BoardRef, Platform } from '#shared/rules/board-ref';

/** Where a crawl stands, for a progress bar or the Sources screen. */
export interface CrawlProgress {
  /** Boards finished so far (any state). */
  boardsDone: number;
  boardsTotal: number;
  /** Postings read so far over all finished boards. */
  postings: number;
  /** The board just finished, when there is one. */
  board?: BoardRef;
}

export interface CrawlOptions {
  /** The index file the crawl writes (created and migrated when absent). */
  indexFile: string;
  boards: BoardRef[];
  /** Per platform, a base URL replacing scheme and host; the platform's own paths follow it unchanged. */
  apiBase?: Partial<Record<Platform, string>>;
  signal?: AbortSignal;
  onProgress?: (p: CrawlProgress) => void;
  /** Clock, epoch ms (tests). */
  now?: () => number;
  /** Worker threads that map postings (default: cores − 1; 0 maps on the crawling thread). */
  mapThreads?: number;
  /** Requests in flight per host (default 4). */
  concurrencyPerHost?: number;
  /** The user's saved jobs, treated as with sync (electron/service/sync/saved-jobs-port.ts). */
  savedJobs?: SavedJobsPort;
  /** The answer bytes held at once over all boards in flight (default RUN_BODY_BUDGET_BYTES, body-budget.ts). */
  bodyBudgetBytes?: number;
  /** Read dead boards even before their wait is over (a person asked for this board). */
  readDeadBoards?: boolean;
  /** A one-page answer from this many bytes on is read as a stream (default STREAM_FROM_BYTES, streamed-listing.ts). */
  streamFromBytes?: number;
}

/**
 * The outcome of one board's crawl.
 * - `ok`: a complete, successful read; absent postings were expired.
 * - `anomaly`: the read looked wrong (empty or most postings gone) and was not confirmed; nothing expired.
 * - `error`: the board could not be read (HTTP status, timeout, malformed body); nothing expired.
 */
export type BoardState = 'ok' | 'anomaly' | 'error';

export interface BoardSummary {
  board: BoardRef;
  state: BoardState;
  added: number;
  updated: number;
  unchanged: number;
  expired: number;
  /** Postings not imported, counted by reason (e.g. `no_description`, `no_title`). */
  skipped: Record<string, number>;
  /**
   * Descriptions stored cut to the bound (200,000 characters, tags 40 deep: description-limits.ts):
   * what the board sent past it is not in the index.
   */
  cut?: number;
  /** What went wrong, for `anomaly` and `error`. */
  error?: string;
  /** Postings the board listed in this read. */
  postings: number;
  /** Epoch ms of this crawl. */
  crawledAt: number;
  /** The board answered 404 or 410 (board rot's evidence). */
  gone?: boolean;
  /** Board rot after this read (board-rot.ts). */
  rot?: Rot;
  /** A dead board left unread this run (its wait is not over): this is its last read. */
  resting?: boolean;
}

export interface CrawlSummary {
  boards: BoardSummary[];
}
