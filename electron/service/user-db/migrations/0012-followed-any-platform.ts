import type { Migration } from '../../sqlite/migrate.js';

// 0006 listed the six platforms the crawler read then in a CHECK, so a Workday or Teamtailor board
// (read since) could not be followed. Which platforms exist is the code's rule (board-ref.ts
// parses and refuses); the file only asks for a platform. SQLite cannot drop a CHECK: the table
// is rebuilt with its rows.
export const m0012FollowedAnyPlatform: Migration = {
  version: 12,
  name: 'followed boards on any platform',
  up: `
CREATE TABLE followed_boards_new (
  -- The crawl's boardKey: 'platform:token', 'platform-eu:token' for an EU host.
  key         TEXT PRIMARY KEY,
  platform    TEXT NOT NULL CHECK (length(platform) > 0),
  token       TEXT NOT NULL CHECK (length(token) > 0),
  region      TEXT CHECK (region IS NULL OR region = 'eu'),
  -- What the person typed or pasted, shown back to them.
  input       TEXT NOT NULL,
  followed_at INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO followed_boards_new (key, platform, token, region, input, followed_at)
  SELECT key, platform, token, region, input, followed_at FROM followed_boards;
DROP TABLE followed_boards;
ALTER TABLE followed_boards_new RENAME TO followed_boards;
`,
};
