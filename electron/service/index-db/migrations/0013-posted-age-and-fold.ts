import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// Posting age and folding (docs/decisions/posting-age.md, docs/decisions/folding.md).
// posted_sort: when the posting was published, by the earliest evidence we hold — the board's own
// date where it states one, never later than when we first saw it. A virtual generated column, so
// no writer can forget it; indexed like the other sorts (filter columns ride in the index).
// fold_bucket: employer + normalised title (trailing place removed) + contract type + level; the
// only postings that may fold together. fold_key: the group a posting folds into (marks, never
// deletes). Existing rows are folded after the migrations by today's rules (after-migrate.ts),
// so an older file answers as a new one.
function up(db: Database): void {
  db.exec(`
ALTER TABLE jobs ADD COLUMN posted_sort INTEGER GENERATED ALWAYS AS (min(coalesce(posted_at, discovered_at), discovered_at)) VIRTUAL;
CREATE INDEX jobs_by_posted ON jobs(posted_sort DESC, rid DESC, countries, remote, work_mode, employment_type, seniority)
  WHERE status = 'active';
ALTER TABLE jobs ADD COLUMN fold_bucket TEXT;
ALTER TABLE jobs ADD COLUMN fold_key TEXT;
CREATE INDEX jobs_by_fold_bucket ON jobs(fold_bucket);
CREATE INDEX jobs_by_fold_key ON jobs(fold_key);
INSERT INTO meta (key, value) SELECT 'after_migrate_refold', '1' WHERE EXISTS (SELECT 1 FROM jobs);
`);
}

export const m0013PostedAgeAndFold: Migration = { version: 13, name: 'posted-age-and-fold', up };
