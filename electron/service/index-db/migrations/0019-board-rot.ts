import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// Board rot (issue 28; docs/decisions/board-directory.md, "Board rot"). dead_reads: reads in a
// row that answered 404 or empty, each a confirmation, the first at dead_since; dead_at: when the
// board was judged dead (it is then read rarely, at next_read_at); any answer with postings
// clears all four.
function up(db: Database): void {
  db.exec(`
ALTER TABLE crawl_boards ADD COLUMN dead_reads INTEGER NOT NULL DEFAULT 0;
ALTER TABLE crawl_boards ADD COLUMN dead_since INTEGER;
ALTER TABLE crawl_boards ADD COLUMN dead_at INTEGER;
ALTER TABLE crawl_boards ADD COLUMN next_read_at INTEGER;
`);
}

export const m0019BoardRot: Migration = { version: 19, name: 'board-rot', up };
