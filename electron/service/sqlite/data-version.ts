import type { Database } from 'better-sqlite3';

/**
 * A reader of `PRAGMA data_version` on this connection: it changes whenever another connection
 * (a sync, `jobindex evolve`) commits to the file, so it tells when derived answers went stale.
 */
export function dataVersion(db: Database): () => number {
  const stmt = db.prepare<[], number>('PRAGMA data_version').pluck();
  return () => stmt.get()!;
}
