import type { Database } from 'better-sqlite3';
import { unpackDescription } from '../../electron/service/index-db/description-blob.js';

/**
 * `description_html(d.html)` in this connection's SQL: a stored description (a zstd frame or the
 * text, description-blob.ts) as its HTML, for tests that select or LIKE-match descriptions.
 */
export function withDescriptionSql<D extends Database>(db: D): D {
  db.function('description_html', { deterministic: true }, (v) => unpackDescription(v as string | Buffer | null));
  return db;
}
