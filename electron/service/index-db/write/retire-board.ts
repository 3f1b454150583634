import type { Database } from 'better-sqlite3';
import { IndexWriter } from './index-writer.js';
import { boardSource, JobSources } from './job-sources.js';
import { refreshStats } from './refresh-stats.js';

/** crawl_state key of a board's last trusted answer (crawl/board-store.ts's AnswerMark). */
export const answerKey = (boardKey: string): string => `answer:${boardKey}`;

/**
 * An unfollowed board's jobs leave search at once, unless another source still holds them open
 * (docs/decisions/provenance.md): no crawl will verify them again, so they are expired now (the detail stays readable 30 days, as any expired job) and the crawl forgets the
 * board (its state, postings and last answer), so following it again reads it whole and updates the same ids.
 * Returns how many active jobs were expired.
 */
export function retireBoard(db: Database, boardKey: string, now = Date.now()): number {
  const hasCrawlTables = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'crawl_postings'").get() !== undefined;
  if (!hasCrawlTables) return 0;
  const writer = new IndexWriter(db);
  const expired = writer.transaction(() => {
    const source = boardSource(boardKey);
    const ids = db
      .prepare<[string, string], string>(
        'SELECT job_id FROM crawl_postings WHERE board_key = ? UNION SELECT job_id FROM job_sources WHERE source = ?',
      )
      .pluck()
      .all(boardKey, source);
    const sources = new JobSources(db);
    let n = 0;
    for (const id of ids) {
      sources.release(id, source);
      // Another source (an upstream, another follow) still lists it: it stays as that source has it.
      if (sources.othersHoldOpen(id, source)) continue;
      if (writer.expireJob(id, now)) n++;
    }
    db.prepare('DELETE FROM crawl_postings WHERE board_key = ?').run(boardKey);
    db.prepare('DELETE FROM crawl_boards WHERE key = ?').run(boardKey);
    // An unchanged answer must not stand for postings the board no longer holds here.
    db.prepare('DELETE FROM crawl_state WHERE key = ?').run(answerKey(boardKey));
    return n;
  });
  if (expired > 0) refreshStats(db, now);
  return expired;
}
