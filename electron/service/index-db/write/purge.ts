import type { Database } from 'better-sqlite3';
import { EXPIRED_RETENTION_MS } from '#shared/rules/limits';
import { IndexWriter } from './index-writer.js';
import { refreshStats } from './refresh-stats.js';

/** Deletes jobs expired more than 30 days before `now`, then refreshes what derives from jobs. */
export function purgeExpired(db: Database, now = Date.now()): number {
  const writer = new IndexWriter(db);
  const purged = writer.transaction(() => writer.purgeExpiredBefore(now - EXPIRED_RETENTION_MS));
  if (purged > 0) refreshStats(db, now);
  return purged;
}
