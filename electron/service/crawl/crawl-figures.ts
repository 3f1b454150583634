import type { Database } from 'better-sqlite3';
import type { MeasuredFigures } from '../directory/set-estimate.js';
import { openIndex } from '../index-db/open-index.js';

/** What the index has measured of its own crawls, for set estimates (directory/set-estimate.ts). */
export function indexFigures(indexFile: string): Omit<MeasuredFigures, 'pace'> {
  const db = openIndex(indexFile);
  try {
    return figuresOf(db);
  } finally {
    db.close();
  }
}

export function figuresOf(db: Database): Omit<MeasuredFigures, 'pace'> {
  const rows = db
    .prepare<[], { platform: string; boards: number; postings: number }>(
      // Complete reads of live boards only: an error or a dead board says nothing of a board's size.
      `SELECT platform, count(*) AS boards, sum(postings) AS postings FROM crawl_boards
       WHERE state = 'ok' AND dead_at IS NULL GROUP BY platform`,
    )
    .all();
  const perPlatform = Object.fromEntries(rows.map((r) => [r.platform, { boards: r.boards, postings: r.postings }]));
  const crawled = db.prepare<[], number>('SELECT count(*) FROM crawl_postings').pluck().get() ?? 0;
  const jobs = db.prepare<[], number>('SELECT count(*) FROM jobs').pluck().get() ?? 0;
  const pages = db.pragma('page_count', { simple: true }) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  // The file's size per posting counts only once most of what it holds was crawled (a sample or
  // a synced index is another shape of file).
  const disk = crawled * 2 >= jobs ? { disk: { bytes: pages * pageSize, postings: jobs } } : {};
  return { perPlatform, ...disk };
}
