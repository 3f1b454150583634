import type { Database } from 'better-sqlite3';
import { boardKey, parseBoardRef } from '#shared/rules/board-ref';
import { answerKey } from '../index-db/write/retire-board.js';
import type { Rot } from './board-rot.js';
import type { BoardRef, BoardState, BoardSummary } from './crawl-types.js';
import type { Validators } from './http-client.js';

/**
 * What a board answered at its last complete, trusted read, and what that read came to: an answer
 * with the same hash (or a 304) is that read again, and nothing of it is parsed or written
 * (unchanged-board.ts).
 */
export interface AnswerMark {
  /** sha1 (base64) of the mapping version and every page's text. */
  hash: string;
  validators?: Validators;
  postings: number;
  skipped: Record<string, number>;
}

/** An anomalous read waiting for the next crawl to confirm it. */
export interface PendingAnomaly {
  postings: number;
  at: number;
  reason: string;
}

interface BoardRow {
  key: string;
  state: BoardState;
  error: string | null;
  added: number;
  updated: number;
  unchanged: number;
  expired: number;
  skipped: string;
  postings: number;
  crawled_at: number;
  pending: string | null;
  dead_reads: number;
  dead_since: number | null;
  dead_at: number | null;
  next_read_at: number | null;
}

function rotOf(r: Pick<BoardRow, 'dead_reads' | 'dead_since' | 'dead_at' | 'next_read_at'>): Rot {
  return {
    deadReads: r.dead_reads,
    ...(r.dead_since !== null ? { deadSince: r.dead_since } : {}),
    ...(r.dead_at !== null ? { deadAt: r.dead_at } : {}),
    ...(r.next_read_at !== null ? { nextReadAt: r.next_read_at } : {}),
  };
}

/** The store's statements, typed by what they bind and return. */
/** crawl_state keys of the boards the current run has finished. */
const RUN_DONE = 'run.done:';

function prepareStatements(db: Database) {
  return {
    board: db.prepare<[string], BoardRow>('SELECT * FROM crawl_boards WHERE key = ?'),
    all: db.prepare<[], BoardRow>('SELECT * FROM crawl_boards ORDER BY key'),
    save: db.prepare(`INSERT INTO crawl_boards (key, platform, token, region, state, error, added, updated, unchanged, expired,
        skipped, postings, crawled_at, last_ok_at, pending)
      VALUES (@key, @platform, @token, @region, @state, @error, @added, @updated, @unchanged, @expired, @skipped,
        @postings, @crawledAt, @lastOkAt, @pending)
      ON CONFLICT (key) DO UPDATE SET state = excluded.state, error = excluded.error, added = excluded.added,
        updated = excluded.updated, unchanged = excluded.unchanged, expired = excluded.expired,
        skipped = excluded.skipped, postings = excluded.postings, crawled_at = excluded.crawled_at,
        last_ok_at = coalesce(excluded.last_ok_at, crawl_boards.last_ok_at), pending = excluded.pending`),
    putRot: db.prepare(
      'UPDATE crawl_boards SET dead_reads = ?, dead_since = ?, dead_at = ?, next_read_at = ? WHERE key = ?',
    ),
    hashes: db.prepare<[string], { id: string; hash: string }>(
      'SELECT job_id AS id, hash FROM crawl_postings WHERE board_key = ?',
    ),
    putPosting: db.prepare(
      'INSERT OR REPLACE INTO crawl_postings (job_id, board_key, posting_id, hash) VALUES (?, ?, ?, ?)',
    ),
    dropPosting: db.prepare('DELETE FROM crawl_postings WHERE job_id = ?'),
    getState: db.prepare<[string], string>('SELECT value FROM crawl_state WHERE key = ?').pluck(),
    putState: db.prepare('INSERT OR REPLACE INTO crawl_state (key, value) VALUES (?, ?)'),
    delState: db.prepare('DELETE FROM crawl_state WHERE key = ?'),
    runDone: db.prepare<[string], string>('SELECT key FROM crawl_state WHERE key LIKE ?').pluck(),
    clearRunDone: db.prepare('DELETE FROM crawl_state WHERE key LIKE ?'),
  };
}

/** The crawl tables of the index (migration 0004): board states and the postings each board listed. */
export class BoardStore {
  private readonly s: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: Database) {
    this.s = prepareStatements(db);
  }

  pending(board: BoardRef): PendingAnomaly | undefined {
    const row = this.s.board.get(boardKey(board));
    return row?.pending ? (JSON.parse(row.pending) as PendingAnomaly) : undefined;
  }

  /** The board's rot (board-rot.ts); undefined for a board never read. */
  rot(board: BoardRef): Rot | undefined {
    const row = this.s.board.get(boardKey(board));
    return row ? rotOf(row) : undefined;
  }

  /** Stores the board's rot (after `save` wrote its row). */
  saveRot(board: BoardRef, rot: Rot): void {
    this.s.putRot.run(
      rot.deadReads,
      rot.deadSince ?? null,
      rot.deadAt ?? null,
      rot.nextReadAt ?? null,
      boardKey(board),
    );
  }

  /** job id → hash of what was last written, for the postings the board listed last. */
  known(board: BoardRef): Map<string, string> {
    const rows = this.s.hashes.all(boardKey(board));
    return new Map(rows.map((r) => [r.id, r.hash]));
  }

  putPosting(board: BoardRef, jobId: string, postingId: string, hash: string): void {
    this.s.putPosting.run(jobId, boardKey(board), postingId, hash);
  }

  dropPosting(jobId: string): void {
    this.s.dropPosting.run(jobId);
  }

  save(summary: BoardSummary, pending: PendingAnomaly | undefined): void {
    const b = summary.board;
    this.s.save.run({
      key: boardKey(b),
      platform: b.platform,
      token: b.token,
      region: b.region ?? null,
      state: summary.state,
      error: summary.error ?? null,
      added: summary.added,
      updated: summary.updated,
      unchanged: summary.unchanged,
      expired: summary.expired,
      skipped: JSON.stringify(summary.skipped),
      postings: summary.postings,
      crawledAt: summary.crawledAt,
      lastOkAt: summary.state === 'ok' ? summary.crawledAt : null,
      pending: pending ? JSON.stringify(pending) : null,
    });
  }

  summaries(): BoardSummary[] {
    return this.s.all.all().map((r) => {
      const s: BoardSummary = {
        board: parseBoardRef(r.key),
        state: r.state,
        added: r.added,
        updated: r.updated,
        unchanged: r.unchanged,
        expired: r.expired,
        skipped: JSON.parse(r.skipped) as Record<string, number>,
        postings: r.postings,
        crawledAt: r.crawled_at,
        rot: rotOf(r),
      };
      if (r.error) s.error = r.error;
      return s;
    });
  }

  /** The board's last trusted answer, if its last complete read was trusted. */
  answer(board: BoardRef): AnswerMark | undefined {
    const v = this.s.getState.get(answerKey(boardKey(board)));
    return v ? (JSON.parse(v) as AnswerMark) : undefined;
  }

  saveAnswer(board: BoardRef, mark: AnswerMark): void {
    this.s.putState.run(answerKey(boardKey(board)), JSON.stringify(mark));
  }

  /** The next read is read whole (an anomaly, a failed detail: what was written is not the answer's whole). */
  dropAnswer(board: BoardRef): void {
    this.s.delState.run(answerKey(boardKey(board)));
  }

  getRun<T>(): T | undefined {
    const v = this.s.getState.get('run');
    return v ? (JSON.parse(v) as T) : undefined;
  }

  saveRun(run: unknown): void {
    this.s.putState.run('run', JSON.stringify(run));
  }

  /**
   * One board finished in the current run: one row of its own, so the checkpoint costs the same
   * at the 50,000th board as at the first (rewriting the run's whole list after each board was
   * quadratic: issue 28).
   */
  markRunDone(key: string): void {
    this.s.putState.run(`${RUN_DONE}${key}`, '1');
  }

  /** The boards finished in the current run. */
  runDone(): string[] {
    return this.s.runDone.all(`${RUN_DONE}%`).map((k) => k.slice(RUN_DONE.length));
  }

  clearRun(): void {
    this.s.delState.run('run');
    this.s.clearRunDone.run(`${RUN_DONE}%`);
  }
}
