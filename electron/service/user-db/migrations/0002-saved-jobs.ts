import type { Migration } from '../../sqlite/migrate.js';

// Saved jobs with a snapshot of their detail, and the history of their moves through the
// pipeline. Keyed by the job's uuid, never an index rowid: the index is replaced and purged, the
// snapshot stays (docs/decisions/two-files.md, saved-jobs.md).
export const m0002SavedJobs: Migration = {
  version: 2,
  name: 'saved jobs',
  up: `
CREATE TABLE saved_jobs (
  job_id            TEXT PRIMARY KEY CHECK (job_id = lower(job_id)),
  -- JobsService.Get's answer as protobuf JSON, description already sanitized.
  snapshot_json     TEXT NOT NULL CHECK (json_valid(snapshot_json)),
  -- Copied out of the snapshot for filtering and sorting the list.
  title             TEXT NOT NULL,
  company_name      TEXT NOT NULL,
  stage             TEXT NOT NULL CHECK (stage IN ('saved', 'applied', 'interviewing', 'offer', 'accepted', 'rejected', 'withdrawn')),
  notes             TEXT NOT NULL DEFAULT '',
  follow_up_on      TEXT CHECK (follow_up_on IS NULL OR follow_up_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  saved_at          INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL,
  -- Set while the posting is closed (expired upstream or gone from it); NULL while open.
  closed_at         INTEGER,
  last_seen_open_at INTEGER,
  last_checked_at   INTEGER
) WITHOUT ROWID;

CREATE TABLE stage_moves (
  id       INTEGER PRIMARY KEY,
  job_id   TEXT NOT NULL REFERENCES saved_jobs(job_id) ON DELETE CASCADE,
  stage    TEXT NOT NULL,
  moved_at INTEGER NOT NULL
);
CREATE INDEX stage_moves_of_job ON stage_moves(job_id, id);
`,
};
