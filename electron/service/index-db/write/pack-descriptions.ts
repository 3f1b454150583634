import type { Database } from 'better-sqlite3';
import { packDescription } from '../description-blob.js';

const BATCH = 2000;

/**
 * Packs the descriptions stored as text (a file written before migration 0024), a batch per
 * transaction: an open cut short leaves packed rows packed and the rest still readable as text.
 * Returns how many rows it rewrote.
 */
export function packStoredDescriptions(db: Database): number {
  const next = db.prepare<[number, number], { rid: number; html: string }>(
    "SELECT rid, html FROM job_descriptions WHERE rid > ? AND typeof(html) = 'text' ORDER BY rid LIMIT ?",
  );
  const put = db.prepare<[Buffer, number]>('UPDATE job_descriptions SET html = ? WHERE rid = ?');
  let after = -Infinity;
  let packed = 0;
  for (;;) {
    const rows = next.all(after, BATCH);
    if (rows.length === 0) return packed;
    db.transaction(() => {
      for (const r of rows) {
        const v = packDescription(r.html);
        if (typeof v !== 'string') {
          put.run(v, r.rid);
          packed++;
        }
      }
    })();
    after = rows.at(-1)!.rid;
  }
}
