import type { Migration } from '../../sqlite/migrate.js';

// Sync's checkpoints (docs/decisions/sync.md). Everything a run learns before its commit lives
// here, so a run killed at any point resumes where it stopped and never half-applies evictions.
export const m0002SyncState: Migration = {
  version: 2,
  name: 'sync-state',
  up: `
-- The run in progress (JSON), and the high-water marks of the last successful run per upstream.
CREATE TABLE sync_state (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- Cards pulled from the upstream whose detail is not fetched yet, with what only the card has
-- (kept verbatim). work_mode comes from the filtered pull that returned it ('' when not known).
CREATE TABLE sync_cards (
  id            TEXT PRIMARY KEY,
  work_mode     TEXT NOT NULL,
  snippet       TEXT NOT NULL,
  location_text TEXT NOT NULL,
  company_slug  TEXT
) WITHOUT ROWID;

-- Evictions the upstream confirmed (Get said expired or not_found), applied only at commit.
CREATE TABLE sync_evictions (
  id         TEXT PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('expire', 'purge')),
  expired_at INTEGER
) WITHOUT ROWID;

-- The upstream's activeJobCount per company, as listed by this run (for reconciliation).
CREATE TABLE sync_company_counts (
  id    TEXT PRIMARY KEY,
  count INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
