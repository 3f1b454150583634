import type { Migration } from '../../sqlite/migrate.js';

// Reports waiting to reach the upstream's POST /v1/reports, sent in `seq` order. `id` is made
// here and sent as the Idempotency-Key, so a report retried after a crash or a lost answer is
// stored upstream once (docs/decisions/report-outbox.md). `secrets` holds the upstream session,
// sealed by the platform's SecretBox where it can encrypt.
export const m0005ReportOutbox: Migration = {
  version: 5,
  name: 'report outbox',
  up: `
CREATE TABLE report_outbox (
  seq             INTEGER PRIMARY KEY AUTOINCREMENT,
  id              TEXT NOT NULL UNIQUE,
  job_id          TEXT NOT NULL,
  type            TEXT NOT NULL CHECK (type IN ('expired', 'broken_apply', 'wrong_company', 'wrong_location',
                                                'duplicate', 'spam', 'bad_format', 'other')),
  message         TEXT,
  created_at      INTEGER NOT NULL,
  state           TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'needs_sign_in', 'blocked', 'rejected')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  last_error      TEXT,
  next_attempt_at INTEGER NOT NULL,
  sent_at         INTEGER,
  upstream_id     TEXT
);
CREATE INDEX report_outbox_pending ON report_outbox(state, seq);

CREATE TABLE secrets (
  key        TEXT PRIMARY KEY,
  -- 'plain' or the name of the SecretBox that sealed it (e.g. 'electron-safe-storage').
  sealed_by  TEXT NOT NULL,
  value      BLOB NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
