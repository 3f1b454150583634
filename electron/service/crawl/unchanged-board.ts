import type { Database } from 'better-sqlite3';
import { boardKey } from '#shared/rules/board-ref';
import { staleMarker } from '../index-db/write/stale-mark.js';
import type { AnswerMark, BoardStore } from './board-store.js';
import { emptySummary } from './board-summary.js';
import type { BoardRef, BoardSummary } from './crawl-types.js';

// A board that answers what it answered at its last trusted read (same hash, or a 304) holds the
// same postings: nothing is parsed, mapped or written but "still there, seen now". That is one
// statement per board for the jobs and one for their holders, not two per posting: a no-change
// re-crawl of 5,000 boards was 72 s of per-posting work (issue 28).

/** Thrown inside the transaction to undo it: a posting of the board is no longer active. */
class NotWhole extends Error {}

export class UnchangedBoards {
  private readonly s;
  private readonly stale: () => void;

  constructor(
    private readonly db: Database,
    private readonly store: BoardStore,
  ) {
    this.s = {
      count: db.prepare<[string], number>('SELECT count(*) FROM crawl_postings WHERE board_key = ?').pluck(),
      verify: db.prepare<
        [number, number, string]
      >(`UPDATE jobs SET last_verified_at = ?, last_seen_at = max(last_seen_at, ?)
        WHERE status = 'active' AND id IN (SELECT job_id FROM crawl_postings WHERE board_key = ?)`),
      hold: db.prepare<[string, number, string]>(`INSERT OR REPLACE INTO job_sources (job_id, source, open, at)
        SELECT job_id, ?, 1, ? FROM crawl_postings WHERE board_key = ?`),
    };
    this.stale = staleMarker(db);
  }

  /**
   * Marks every posting the board listed verified at `at` and its holder open, and saves the
   * board's summary, in one transaction. Undefined (nothing written) when one of them is no longer
   * an active job (expired or removed by another path): then the answer is read whole.
   */
  verify(board: BoardRef, source: string, mark: AnswerMark, at: number): BoardSummary | undefined {
    const key = boardKey(board);
    const summary: BoardSummary = { ...emptySummary(board, at), skipped: { ...mark.skipped }, postings: mark.postings };
    try {
      this.db.transaction(() => {
        const listed = this.s.count.get(key) ?? 0;
        const verified = this.s.verify.run(at, at, key).changes;
        // None left to verify while the answer listed some: they left by another path.
        if (verified !== listed || (listed === 0 && mark.postings > 0)) throw new NotWhole();
        // Counted as a verify by the per-posting path was: the counts' quantiles include it.
        if (verified > 0) this.stale();
        this.s.hold.run(source, at, key);
        summary.unchanged = verified;
        this.store.save(summary, undefined);
        this.store.saveAnswer(board, mark);
      })();
    } catch (e) {
      if (e instanceof NotWhole) return undefined;
      throw e;
    }
    return summary;
  }
}
