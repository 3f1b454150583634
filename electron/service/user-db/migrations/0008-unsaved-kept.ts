import type { Migration } from '../../sqlite/migrate.js';

// Unsaving a job marks it instead of deleting it, so saving it again (the UI's Undo) brings back
// its stage, notes, follow-up date and history (issue 31 item 1; docs/decisions/saved-jobs.md).
// NULL: saved. Rows marked longer ago than the keep period are deleted on the next unsave.
export const m0008UnsavedKept: Migration = {
  version: 8,
  name: 'unsaved jobs kept',
  up: `
ALTER TABLE saved_jobs ADD COLUMN unsaved_at INTEGER;
`,
};
