import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// Packed descriptions (issue 28; docs/decisions/index-size.md): job_descriptions.html may hold a
// zstd frame (a BLOB) in place of the text; readers take either. No schema change (a TEXT column
// keeps a BLOB as it is). The descriptions a file holds as text are packed by today's rules after
// the migrations (after-migrate.ts), in batches, so a large file is not one long transaction.
function up(db: Database): void {
  db.exec(`
INSERT INTO meta (key, value) SELECT 'after_migrate_pack_descriptions', '1'
  WHERE EXISTS (SELECT 1 FROM job_descriptions WHERE typeof(html) = 'text');
`);
}

export const m0024PackedDescriptions: Migration = { version: 24, name: 'packed-descriptions', up };
