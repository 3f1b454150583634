import { boardKey, type BoardRef, type Platform } from '#shared/rules/board-ref';
import type { BoardSummary, CrawlSummary } from '../crawl/crawl-types.js';
import { openIndex } from '../index-db/open-index.js';
import { clearSampleData } from '../index-db/write/clear-sample.js';
import { retireBoard } from '../index-db/write/retire-board.js';
import type { IndexTurns } from '../sync/index-turns.js';
import { createSyncScheduler, type SyncScheduler } from '../sync/sync-scheduler.js';
import type { SavedJobsPort } from '../sync/saved-jobs-port.js';
import { FollowedBoards } from '../user-db/followed-boards.js';
import type { UserDb } from '../user-db/open-user-db.js';

/** How often followed boards are crawled in the background (docs/decisions/sources.md). */
export const CRAWL_EVERY_MINUTES = 360;

export interface SourcesOptions {
  /** The index file crawls write (through their own connection). */
  indexFile: string;
  /** Per platform, another host (`jobindex serve --crawl-api-base`), as the CLI's `--api-base`. */
  apiBase?: Partial<Record<Platform, string>>;
  fetch?: typeof fetch;
  /** Background crawls (default true); tests crawl only when asked. */
  background?: boolean;
  /** Delay before the first background crawl (default 30 s). */
  firstDelayMs?: number;
  /** The app's one queue of index writers (sync and crawl, index-turns.ts); without it crawls queue among themselves only. */
  turns?: IndexTurns;
  /** How long Follow waits for the platform to answer for a new board (default 8 s); then it is kept unchecked. */
  checkTimeoutMs?: number;
  log?: (line: string) => void;
  /** After each crawl that completed: the index changed (search alerts, search-alerts.ts). */
  onCrawled?: (summary: CrawlSummary) => void;
}

/**
 * The followed boards and their crawls: one crawl at a time (background, Crawl now, a board just
 * followed), queued in order, each writing the index through the crawl engine's own connection.
 */
export class Sources {
  readonly followed: FollowedBoards;
  readonly scheduler: SyncScheduler;
  /** Keys of the boards in the crawl running now or queued. */
  private readonly pending = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly controller = new AbortController();

  constructor(
    db: UserDb,
    readonly opts: SourcesOptions,
    private readonly savedJobs: SavedJobsPort | undefined,
    now: () => number = Date.now,
  ) {
    this.followed = new FollowedBoards(db, now);
    this.scheduler = createSyncScheduler({
      run: () => this.crawl(this.followed.refs()),
      intervalMs: () => (this.followed.list().length > 0 ? CRAWL_EVERY_MINUTES * 60_000 : undefined),
      onError: (e) => opts.log?.(`jobindex: background crawl failed: ${e instanceof Error ? e.message : String(e)}`),
      ...(opts.firstDelayMs !== undefined ? { firstDelayMs: opts.firstDelayMs } : {}),
    });
    if (opts.background !== false) this.scheduler.start();
  }

  /** True while any crawl runs or waits. */
  get crawling(): boolean {
    return this.pending.size > 0;
  }

  isPending(key: string): boolean {
    return this.pending.has(key);
  }

  /** Crawls these boards after any crawl already queued; resolves with its summary. */
  crawl(boards: BoardRef[]): Promise<CrawlSummary> {
    const keys = boards.map(boardKey);
    keys.forEach((k) => this.pending.add(k));
    const run = this.queue.then(async () => {
      try {
        if (boards.length === 0) return { boards: [] };
        // The crawl engine (and its HTTP client) loads at the first crawl, not at launch.
        const { crawlBoards } = await import('../crawl/crawl-boards.js');
        const crawl = () =>
          crawlBoards({
            indexFile: this.opts.indexFile,
            boards,
            signal: this.controller.signal,
            ...(this.opts.apiBase ? { apiBase: this.opts.apiBase } : {}),
            ...(this.savedJobs ? { savedJobs: this.savedJobs } : {}),
          });
        // In the app a background sync may hold the index: the crawl waits its turn.
        const summary = await (this.opts.turns ? this.opts.turns.run('crawl', crawl) : crawl());
        // A board read (even oddly) exists: nothing is left to check of its follow.
        for (const b of summary.boards)
          if (b.state === 'ok' || b.state === 'anomaly') this.followed.markChecked(boardKey(b.board));
        try {
          this.opts.onCrawled?.(summary);
        } catch (e) {
          this.opts.log?.(`jobindex: after the crawl: ${e instanceof Error ? e.message : String(e)}`);
        }
        return summary;
      } finally {
        keys.forEach((k) => this.pending.delete(k));
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Stops following a board; after any crawl queued before it, its jobs leave search (expired,
   * readable 30 days). Resolves with whether it was followed.
   */
  unfollow(key: string): Promise<boolean> {
    const removed = this.followed.unfollow(key);
    if (!removed) return Promise.resolve(false);
    const run = this.queue.then(() => {
      const db = openIndex(this.opts.indexFile);
      try {
        retireBoard(db, key);
      } finally {
        db.close();
      }
      return true;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The last crawl of every board the index knows, by key. */
  async states(): Promise<Map<string, BoardSummary>> {
    const { readBoardStates } = await import('../crawl/crawl-boards.js');
    return new Map(readBoardStates(this.opts.indexFile).map((s) => [boardKey(s.board), s]));
  }

  /** Sample jobs leave the index when the first real board is followed. */
  clearSample(): number {
    const db = openIndex(this.opts.indexFile);
    try {
      return clearSampleData(db);
    } finally {
      db.close();
    }
  }

  /** Stops the schedule and the crawl in progress (it resumes at the next run). */
  async stop(): Promise<void> {
    this.controller.abort(new Error('the app is quitting'));
    await this.scheduler.stop();
    await this.queue;
  }
}
