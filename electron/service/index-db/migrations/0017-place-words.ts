import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// Place words in the search text (docs/decisions/place-words.md): every location's city, region
// and country now join a job's searchable text. No schema changes; the search rows of the jobs a
// file holds are rewritten by today's rules after the migrations (after-migrate.ts).
function up(db: Database): void {
  db.exec(`
INSERT INTO meta (key, value) SELECT 'after_migrate_search_rows', '1' WHERE EXISTS (SELECT 1 FROM jobs);
`);
}

export const m0017PlaceWords: Migration = { version: 17, name: 'place-words', up };
