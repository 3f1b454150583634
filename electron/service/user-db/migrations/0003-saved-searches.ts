import type { Migration } from '../../sqlite/migrate.js';

// Named searches. `baseline_ms` is the newest discovery time the index held when the search was
// saved or last opened: jobs discovered after it are "new" (docs/decisions/saved-searches.md).
export const m0003SavedSearches: Migration = {
  version: 3,
  name: 'saved searches',
  up: `
CREATE TABLE saved_searches (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  -- svc.jobs.v1.JobQuery as protobuf JSON, without limit and cursor.
  query_json  TEXT NOT NULL CHECK (json_valid(query_json)),
  created_at  INTEGER NOT NULL,
  opened_at   INTEGER NOT NULL,
  baseline_ms INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
