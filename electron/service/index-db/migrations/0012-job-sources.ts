import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// Which sources hold each job (docs/decisions/provenance.md): a source's run reconciles only what
// it holds, so a sync and a crawl never undo each other. `source` is a key of its kind:
// 'upstream:<normalized url>', 'board:<boardKey>', and later 'directory:<set>', 'snapshot:<id>'.
// The writer drops a job's rows when it deletes or purges the job (not a trigger: a rewrite of
// the job deletes and inserts its row, and must keep its holders).
// A job with no row is unattributed: the bundled sample (meta sample_data) or a job written
// before this migration that the backfill below could not place.
// `open` and `at`: what this source last said of the job, and when (its verification or its
// close), so the fresher word wins and a close can name its source.
function up(db: Database): void {
  db.exec(`
    CREATE TABLE job_sources (
      job_id TEXT NOT NULL,
      source TEXT NOT NULL,
      open   INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1)),
      at     INTEGER NOT NULL,
      PRIMARY KEY (job_id, source)
    ) WITHOUT ROWID;
    CREATE INDEX job_sources_of_source ON job_sources(source, job_id);
    -- The same posting from two sources is one job: found by its platform and posting page.
    CREATE INDEX jobs_by_posting_url ON jobs(posting_url, source_platform) WHERE posting_url IS NOT NULL;
    -- Crawled postings: their board holds them.
    INSERT OR IGNORE INTO job_sources (job_id, source, open, at)
      SELECT p.job_id, 'board:' || p.board_key, j.status = 'active', j.last_verified_at
      FROM crawl_postings p JOIN jobs j ON j.id = p.job_id;
  `);
  // Everything else in an index that has synced (and is not the sample): that upstream's.
  const upstream = db.prepare<[], string>("SELECT value FROM meta WHERE key = 'upstream'").pluck().get();
  const sample = db.prepare<[], string>("SELECT value FROM meta WHERE key = 'sample_data'").pluck().get() === '1';
  if (upstream && !sample) {
    db.prepare(
      `INSERT OR IGNORE INTO job_sources (job_id, source, open, at)
      SELECT id, 'upstream:' || ?, status = 'active', last_verified_at FROM jobs
      WHERE id NOT IN (SELECT job_id FROM crawl_postings)`,
    ).run(upstream);
  }
}

export const m0012JobSources: Migration = { version: 12, name: 'job-sources', up };
