import type { Migration } from '../../sqlite/migrate.js';

// Cards as a sync pulls them, in arrival order (docs/decisions/sync.md). Staging straight into
// sync_cards, keyed by a random uuid, dirtied about a page per card: a 94k-card pull wrote many
// times its size to the WAL and spent most of its time in checkpoints. Appending here is
// sequential; the run moves the log into sync_cards, sorted by id, in one step.
export const m0003SyncCardLog: Migration = {
  version: 3,
  name: 'sync-card-log',
  up: `
CREATE TABLE sync_card_log (
  seq           INTEGER PRIMARY KEY,
  id            TEXT NOT NULL,
  work_mode     TEXT NOT NULL,
  snippet       TEXT NOT NULL,
  location_text TEXT NOT NULL,
  company_slug  TEXT
);
`,
};
