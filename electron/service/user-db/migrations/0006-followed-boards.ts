import type { Migration } from '../../sqlite/migrate.js';

// The employers' job boards the person follows: their choice, so it lives in their own file.
// The crawl's outcome (last crawl, postings, errors) lives in the index, beside the jobs it wrote
// (docs/decisions/sources.md).
export const m0006FollowedBoards: Migration = {
  version: 6,
  name: 'followed boards',
  up: `
CREATE TABLE followed_boards (
  -- The crawl's boardKey: 'platform:token', 'platform-eu:token' for an EU host.
  key         TEXT PRIMARY KEY,
  platform    TEXT NOT NULL CHECK (platform IN ('greenhouse', 'lever', 'ashby', 'smartrecruiters', 'workable', 'recruitee')),
  token       TEXT NOT NULL CHECK (length(token) > 0),
  region      TEXT CHECK (region IS NULL OR region = 'eu'),
  -- What the person typed or pasted, shown back to them.
  input       TEXT NOT NULL,
  followed_at INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
