import type { Migration } from '../../sqlite/migrate.js';

// Issue 26 (docs/decisions/provenance.md): `followed_boards.directory_set` names, in words, the
// directory set a board was followed with ("Greenhouse boards matching “acme”", a starter set's
// title), so a job's detail can say it comes from that set. NULL: followed one by one (or before
// this column).
export const m0014DirectorySet: Migration = {
  version: 14,
  name: 'sources: the directory set a board came with',
  up: `
ALTER TABLE followed_boards ADD COLUMN directory_set TEXT;
`,
};
