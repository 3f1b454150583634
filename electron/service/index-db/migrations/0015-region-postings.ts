import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// Postings open to a region (docs/decisions/region-postings.md): job_locations.scope holds the
// region a place names ("Remote - Europe" → EUROPE) where it names no country. The scopes, the
// jobs' countries keys (`,~EUROPE,`), card words and search facets of the places already held are
// derived by today's rules after the migrations (after-migrate.ts), so an older file answers a
// country filter as a new one.
function up(db: Database): void {
  db.exec(`
ALTER TABLE job_locations ADD COLUMN scope TEXT;
INSERT INTO meta (key, value) SELECT 'after_migrate_regions', '1'
  WHERE EXISTS (SELECT 1 FROM job_locations WHERE country IS NULL AND text IS NOT NULL);
`);
}

export const m0015RegionPostings: Migration = { version: 15, name: 'region-postings', up };
