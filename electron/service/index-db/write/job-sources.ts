import type { Database, Statement } from 'better-sqlite3';

// Which sources hold each job (index migration 0012, docs/decisions/provenance.md). Each source
// reconciles only what it holds; a job leaves the index only when no source holds it open.

/** The key of an upstream Job Index service as a source (its normalized base URL). */
export const upstreamSource = (url: string): string => `upstream:${url}`;
/** The key of a followed (or directory) board as a source (`board:greenhouse:acme`). */
export const boardSource = (boardKey: string): string => `board:${boardKey}`;

/**
 * SQL selecting the ids of jobs a source other than `@src` holds: what a run of `@src` (a sync's
 * reconcile, a snapshot's import) leaves as the other source has it. One rule for both
 * (docs/decisions/provenance.md); binds @src; `schema` names an attached index (`local`).
 */
export const heldByOthers = (schema = 'main'): string =>
  `SELECT job_id FROM ${schema}.job_sources WHERE source <> @src`;
export const HELD_BY_OTHERS = heldByOthers();

export interface JobHolder {
  source: string;
  open: boolean;
  at: number;
}

/**
 * Every source that holds a job: open ones first, a board before an upstream (its read is
 * authoritative for its postings), then the latest word. What the detail's "where it comes
 * from" shows and what a crawl moves when it adopts an upstream's copy.
 */
const HOLDERS =
  "SELECT source, open, at FROM job_sources WHERE job_id = ? ORDER BY open DESC, (source >= 'board:' AND source < 'board;') DESC, at DESC, source";

/** The sources that hold `jobId` (HOLDERS' order), on any connection to an index, read-only too. */
export function jobHolders(db: Database, jobId: string): JobHolder[] {
  return db
    .prepare<[string], { source: string; open: number; at: number }>(HOLDERS)
    .all(jobId)
    .map((r) => ({ source: r.source, open: r.open === 1, at: r.at }));
}

/** The job_sources table: who holds a job, and what each last said of it. */
export class JobSources {
  private readonly s: {
    hold: Statement;
    release: Statement;
    othersOpen: Statement<[string, string], number>;
    others: Statement<[string, string], number>;
    boardHeld: Statement<[string], { open: number; at: number }>;
    holders: Statement<[string], { source: string; open: number; at: number }>;
    closer: Statement<[string], string>;
    twin: Statement<[string, string, string], string>;
    boardTwin: Statement<[string, string, string], string>;
  };

  constructor(db: Database) {
    this.s = {
      hold: db.prepare('INSERT OR REPLACE INTO job_sources (job_id, source, open, at) VALUES (?, ?, ?, ?)'),
      release: db.prepare('DELETE FROM job_sources WHERE job_id = ? AND source = ?'),
      othersOpen: db
        .prepare<[string, string], number>(
          'SELECT 1 FROM job_sources WHERE job_id = ? AND source <> ? AND open = 1 LIMIT 1',
        )
        .pluck(),
      others: db
        .prepare<[string, string], number>('SELECT 1 FROM job_sources WHERE job_id = ? AND source <> ? LIMIT 1')
        .pluck(),
      boardHeld: db.prepare<[string], { open: number; at: number }>(
        "SELECT open, at FROM job_sources WHERE job_id = ? AND source >= 'board:' AND source < 'board;' ORDER BY at DESC LIMIT 1",
      ),
      twin: db
        .prepare<[string, string, string], string>(
          'SELECT id FROM jobs WHERE posting_url = ? AND source_platform = ? AND id <> ? LIMIT 1',
        )
        .pluck(),
      boardTwin: db
        .prepare<[string, string, string], string>(
          "SELECT j.id FROM jobs j WHERE j.posting_url = ? AND j.source_platform = ? AND j.id <> ? AND EXISTS (SELECT 1 FROM job_sources s WHERE s.job_id = j.id AND s.source >= 'board:' AND s.source < 'board;') LIMIT 1",
        )
        .pluck(),
      // A board's close first (its complete read is authoritative for its postings), then the latest.
      closer: db
        .prepare<[string], string>(
          "SELECT source FROM job_sources WHERE job_id = ? AND open = 0 ORDER BY (source >= 'board:' AND source < 'board;') DESC, at DESC LIMIT 1",
        )
        .pluck(),
      holders: db.prepare<[string], { source: string; open: number; at: number }>(HOLDERS),
    };
  }

  /** `source` lists the job open (verified at `at`). */
  open(jobId: string, source: string, at: number): void {
    this.s.hold.run(jobId, source, 1, at);
  }

  /** `source` says the job closed at `at` (it keeps holding it, so the close can name it). */
  closed(jobId: string, source: string, at: number): void {
    this.s.hold.run(jobId, source, 0, at);
  }

  /** `source` no longer holds the job at all. */
  release(jobId: string, source: string): void {
    this.s.release.run(jobId, source);
  }

  /** Another source than `source` still holds the job open. */
  othersHoldOpen(jobId: string, source: string): boolean {
    return this.s.othersOpen.get(jobId, source) !== undefined;
  }

  /** Another source than `source` holds the job (open or closed): it is that source's too. */
  othersHold(jobId: string, source: string): boolean {
    return this.s.others.get(jobId, source) !== undefined;
  }

  /** What a board that holds the job last said of it (a board's read is authoritative for its postings). */
  board(jobId: string): { open: boolean; at: number } | undefined {
    const r = this.s.boardHeld.get(jobId);
    return r ? { open: r.open === 1, at: r.at } : undefined;
  }

  /**
   * Another job of the index for the same posting (same platform, same posting page) that a
   * board holds: an upstream's copy of a posting a followed board lists is that job.
   */
  boardTwin(jobId: string, platform: string, postingUrl: string | undefined): string | undefined {
    return postingUrl && platform ? this.s.boardTwin.get(postingUrl, platform, jobId) : undefined;
  }

  /** Another job of the index for the same posting (same platform, same posting page). */
  twin(jobId: string, platform: string, postingUrl: string | undefined): string | undefined {
    return postingUrl && platform ? this.s.twin.get(postingUrl, platform, jobId) : undefined;
  }

  /** The source whose close stands for the job (a board's before an upstream's; the latest of each). */
  closer(jobId: string): string | undefined {
    return this.s.closer.get(jobId);
  }

  holders(jobId: string): JobHolder[] {
    return this.s.holders.all(jobId).map((r) => ({ source: r.source, open: r.open === 1, at: r.at }));
  }
}
