import type { Migration } from '../../sqlite/migrate.js';

// The crawler's memory of each board (docs/decisions/crawl.md): its last state for the Sources
// screen and `jobindex crawl`, and which jobs each board last listed, with a hash of what was
// written, so a re-crawl rewrites only what changed and expires only what a whole read left out.
export const m0004CrawlBoards: Migration = {
  version: 4,
  name: 'crawl-boards',
  up: `
CREATE TABLE crawl_boards (
  key        TEXT PRIMARY KEY,          -- 'greenhouse:acme', 'lever-eu:acme'
  platform   TEXT NOT NULL,
  token      TEXT NOT NULL,
  region     TEXT,
  state      TEXT NOT NULL CHECK (state IN ('ok', 'anomaly', 'error')),
  error      TEXT,
  added      INTEGER NOT NULL DEFAULT 0,
  updated    INTEGER NOT NULL DEFAULT 0,
  unchanged  INTEGER NOT NULL DEFAULT 0,
  expired    INTEGER NOT NULL DEFAULT 0,
  skipped    TEXT NOT NULL DEFAULT '{}', -- JSON {reason: count}
  postings   INTEGER NOT NULL DEFAULT 0,
  crawled_at INTEGER NOT NULL,
  last_ok_at INTEGER,
  -- An anomalous read awaiting confirmation by the next crawl: JSON {postings, at, reason}.
  pending    TEXT
) WITHOUT ROWID;

CREATE TABLE crawl_postings (
  job_id     TEXT PRIMARY KEY,
  board_key  TEXT NOT NULL,
  posting_id TEXT NOT NULL,
  hash       TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX crawl_postings_of_board ON crawl_postings(board_key);

-- The crawl in progress (JSON {boards, startedAt, done}), so an interrupted crawl resumes.
CREATE TABLE crawl_state (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
`,
};
