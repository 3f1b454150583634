import type { Migration } from '../../sqlite/migrate.js';

// Issue 26 (docs/decisions/provenance.md), in the user file:
// - `saved_jobs.closed_by`: a saved job's close names the source that closed it ("Closed on its
//   Greenhouse board, 3 Dec"), kept here so it outlives the posting leaving the index. The index's
//   source key (`board:greenhouse:luno`, `upstream:https://…`); NULL while open, and for closes
//   recorded before this column.
// - `followed_boards.unchecked`: a board followed while its platform could not be reached (a
//   network error, 5xx, a timeout) is kept and checked at its next crawl; why, in words. NULL: the
//   platform confirmed the board (or it was followed before this column).
export const m0013Sources: Migration = {
  version: 13,
  name: 'sources: the source of a close, boards to check',
  up: `
ALTER TABLE saved_jobs ADD COLUMN closed_by TEXT;
ALTER TABLE followed_boards ADD COLUMN unchecked TEXT;
`,
};
