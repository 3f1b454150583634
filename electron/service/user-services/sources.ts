import { boardKey, type BoardRef, type Platform } from '#shared/rules/board-ref';
import type { MeasuredFigures } from '../directory/set-estimate.js';
import type { BoardSummary, CrawlProgress, CrawlSummary } from '../crawl/crawl-types.js';
import { openIndex } from '../index-db/open-index.js';
import { clearSampleData } from '../index-db/write/clear-sample.js';
import { retireBoard } from '../index-db/write/retire-board.js';
import type { IndexTurns } from '../sync/index-turns.js';
import { createSyncScheduler, type SyncScheduler } from '../sync/sync-scheduler.js';
import type { SavedJobsPort } from '../sync/saved-jobs-port.js';
import { FollowedBoards, refOfRow } from '../user-db/followed-boards.js';
import type { UserDb } from '../user-db/open-user-db.js';

/** How often followed boards are crawled in the background (docs/decisions/sources.md). */
export const CRAWL_EVERY_MINUTES = 360;
/** A crawl of at least this many boards sets the pace the next estimate uses. */
const PACE_MIN_BOARDS = 20;

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
  /** The crawl running now: its own stop, and where it stands. */
  private running: { stop: AbortController; progress: CrawlProgress } | undefined;
  /** Crawls queued before the last StopCrawl do not start. */
  private stops = 0;
  /** The last crawl of many boards in this process, for estimates (boards, seconds). */
  pace: { boards: number; seconds: number } | undefined;

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

  /** Where the crawl running now stands. */
  get progress(): CrawlProgress | undefined {
    return this.running?.progress;
  }

  /**
   * Crawls these boards after any crawl already queued; resolves with its summary, or rejects
   * when stopped (StopCrawl or quitting). `readDeadBoards`: a person asked for these boards, so
   * dead ones are read too.
   */
  crawl(boards: BoardRef[], o: { readDeadBoards?: boolean } = {}): Promise<CrawlSummary> {
    const keys = boards.map(boardKey);
    keys.forEach((k) => this.pending.add(k));
    const stopsBefore = this.stops;
    const run = this.queue.then(async () => {
      try {
        if (this.stops !== stopsBefore) throw new Error('the crawl was stopped');
        if (boards.length === 0) return { boards: [] };
        // The crawl runs on a thread of its own (crawl-aside.ts): this one answers searches.
        const { crawlAside } = await import('../crawl/crawl-aside.js');
        const stop = new AbortController();
        this.running = { stop, progress: { boardsDone: 0, boardsTotal: boards.length, postings: 0 } };
        let started = performance.now();
        const crawl = () => {
          started = performance.now();
          return crawlAside({
            indexFile: this.opts.indexFile,
            boards,
            signal: AbortSignal.any([this.controller.signal, stop.signal]),
            onProgress: (p) => {
              if (this.running)
                this.running.progress = { boardsDone: p.boardsDone, boardsTotal: p.boardsTotal, postings: p.postings };
              // A board read is no longer `crawling` on Sources, though the run goes on.
              if (p.board) this.pending.delete(boardKey(p.board));
            },
            ...(o.readDeadBoards ? { readDeadBoards: true } : {}),
            ...(this.opts.apiBase ? { apiBase: this.opts.apiBase } : {}),
            ...(this.savedJobs ? { savedJobs: this.savedJobs } : {}),
          });
        };
        // In the app a background sync may hold the index: the crawl waits its turn.
        const summary = await (this.opts.turns ? this.opts.turns.run('crawl', crawl) : crawl());
        // Boards actually read (not resting dead ones) pace the next estimate.
        const read = summary.boards.filter((b) => !b.resting).length;
        if (read >= PACE_MIN_BOARDS) this.pace = { boards: read, seconds: (performance.now() - started) / 1000 };
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
        this.running = undefined;
        keys.forEach((k) => this.pending.delete(k));
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Stops the crawl running now and every crawl queued; what finished stays (each board is
   * written as it is read). Resolves with whether anything was stopped, once it has.
   */
  async stopCrawl(): Promise<boolean> {
    if (!this.crawling) return false;
    this.stops++;
    this.running?.stop.abort(new Error('the crawl was stopped'));
    await this.queue;
    return true;
  }

  /** Followed boards this index has never read (a first crawl stopped before them). */
  async unread(): Promise<BoardRef[]> {
    const states = await this.states();
    return this.followed
      .list()
      .filter((row) => !states.has(row.key))
      .map(refOfRow);
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

  /** What this index and this process measured, for a set's estimate. */
  async figures(): Promise<MeasuredFigures> {
    const { indexFigures } = await import('../crawl/crawl-figures.js');
    return { ...indexFigures(this.opts.indexFile), ...(this.pace ? { pace: this.pace } : {}) };
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
