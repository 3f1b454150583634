import type { Migration } from '../../sqlite/migrate.js';

// Jobs and companies kept out of local search results (docs/decisions/hidden-and-blocked.md).
export const m0004HiddenAndBlocked: Migration = {
  version: 4,
  name: 'hidden jobs and blocked companies',
  up: `
CREATE TABLE hidden_jobs (
  job_id       TEXT PRIMARY KEY CHECK (job_id = lower(job_id)),
  title        TEXT NOT NULL,
  company_name TEXT NOT NULL,
  reason       TEXT NOT NULL CHECK (reason IN ('hidden', 'reported_expired')),
  hidden_at    INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE blocked_companies (
  company_slug TEXT PRIMARY KEY CHECK (company_slug = lower(company_slug)),
  company_name TEXT NOT NULL,
  blocked_at   INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
