import type { Migration } from '#service/sqlite/migrate';

// The accounts file: users, sessions, job reports, password-reset requests and throttle state.
// Kept apart from the job index, which is rebuilt and replaced (docs/decisions/accounts.md).
export const m0001Initial: Migration = {
  version: 1,
  name: 'initial',
  up: `
CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  -- Stored normalized (trimmed, lower-cased); NOCASE keeps it unique case-insensitively anyway.
  email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash BLOB NOT NULL,
  password_salt BLOB NOT NULL,
  scrypt_n      INTEGER NOT NULL,
  scrypt_r      INTEGER NOT NULL,
  scrypt_p      INTEGER NOT NULL,
  verified      INTEGER NOT NULL CHECK (verified IN (0, 1)),
  created_at    INTEGER NOT NULL
);

-- Only the SHA-256 of a session token is stored; the token itself lives in the cookie.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_of_user ON sessions(user_id);
CREATE INDEX sessions_by_expiry ON sessions(expires_at);

CREATE TABLE reports (
  id         TEXT PRIMARY KEY,
  job_id     TEXT NOT NULL,
  type       TEXT NOT NULL CHECK (type IN ('expired', 'broken_apply', 'wrong_company', 'wrong_location',
                                            'duplicate', 'spam', 'bad_format', 'other')),
  message    TEXT,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  request_id TEXT NOT NULL
);
CREATE INDEX reports_of_job ON reports(job_id);

-- POST /v1/auth/password/forgot is recorded, known e-mail or not (user_id NULL); no mail is sent.
CREATE TABLE password_reset_requests (
  id             INTEGER PRIMARY KEY,
  email          TEXT NOT NULL,
  user_id        INTEGER REFERENCES users(id) ON DELETE CASCADE,
  created_at     INTEGER NOT NULL,
  request_id     TEXT NOT NULL,
  remote_address TEXT NOT NULL
);

-- Fixed-window attempt counters, one row per key (e.g. 'login:email:a@b.c').
CREATE TABLE throttle (
  key          TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  attempts     INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
