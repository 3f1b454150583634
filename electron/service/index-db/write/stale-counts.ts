import type { Database } from 'better-sqlite3';
import { writerOf } from '../../sqlite/busy.js';
import { openIndex } from '../open-index.js';
import { refreshStats } from './refresh-stats.js';
import { countsStale } from './stale-mark.js';

/**
 * Refreshes the counts of an index that a run left stale, unless a live run is writing it (its
 * own refresh follows). A read-only connection repairs through a writable one of its own; where
 * the file cannot be written (read-only media, another writer past the wait) the counts stay as
 * they were and reading goes on: a repair is never a reason to refuse to open.
 */
export function repairStaleCounts(db: Database, file: string, now = Date.now()): boolean {
  if (!countsStale(db) || writerOf(file)) return false;
  if (!db.readonly) {
    refreshStats(db, now);
    return true;
  }
  let w: Database | undefined;
  try {
    w = openIndex(file, { create: false });
    if (!countsStale(w)) return false;
    refreshStats(w, now);
    return true;
  } catch {
    return false;
  } finally {
    w?.close();
  }
}
