import type { Database } from 'better-sqlite3';
import { getMeta } from '../meta.js';
// Counts (active jobs, facets, companies' job counts) are refreshed at the end of a run, so a run
// that dies leaves the jobs it wrote searchable but not counted (issue #32 item 10). Every job
// write marks the counts stale in its own transaction; `refreshStats` clears the mark. Whoever
// opens the file next (the app's service, `serve`, `info`, a run) repairs them first.

const MARK = "INSERT OR IGNORE INTO meta (key, value) VALUES ('counts_stale', ?)";

/** Marks the counts stale; call in the transaction of each job write (cheap after the first). */
export function staleMarker(db: Database): () => void {
  const mark = db.prepare(MARK);
  return () => void mark.run(String(Date.now()));
}

/** Whether jobs were written after the counts were last refreshed. */
export function countsStale(db: Database): boolean {
  return getMeta(db, 'counts_stale') !== undefined;
}
