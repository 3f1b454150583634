import type { Migration } from '../../sqlite/migrate.js';

// The user's own file: everything here is the person's data, never the index's. Replacing or
// syncing the index never opens this file for writing (docs/decisions/two-files.md).
export const m0001Settings: Migration = {
  version: 1,
  name: 'settings',
  up: `
-- App settings as JSON values, one row per key (e.g. 'sync.upstream', 'window.state').
CREATE TABLE settings (
  key        TEXT PRIMARY KEY,
  value_json TEXT NOT NULL CHECK (json_valid(value_json)),
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
