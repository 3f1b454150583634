import type { Migration } from '../../sqlite/migrate.js';

// A saved job's close names the source that closed it ("Closed on its Greenhouse board, 3 Dec"),
// kept in the user file so it outlives the posting leaving the index (issue 26,
// docs/decisions/provenance.md). The index's source key (`board:greenhouse:luno`,
// `upstream:https://…`); NULL while open, and for closes recorded before this column.
export const m0013ClosedBy: Migration = {
  version: 13,
  name: 'saved jobs: the source of a close',
  up: `
ALTER TABLE saved_jobs ADD COLUMN closed_by TEXT;
`,
};
