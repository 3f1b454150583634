import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// What a crawled board says of its own posting (docs/decisions/crawl-truth.md § Stored as stated):
// the posting's page on the board (beside the apply URL, which may be a form elsewhere), and the
// board's own published and last-updated times. NULL where the source does not give them
// (generated jobs, an upstream that predates them). Added columns only: no row changes.
function up(db: Database): void {
  db.exec(`
    ALTER TABLE jobs ADD COLUMN posting_url TEXT;
    ALTER TABLE jobs ADD COLUMN posted_at INTEGER;
    ALTER TABLE jobs ADD COLUMN source_updated_at INTEGER;
  `);
}

export const m0009PostingSource: Migration = { version: 9, name: 'posting-source', up };
