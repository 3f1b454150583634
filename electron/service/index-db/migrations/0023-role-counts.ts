import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// Folded counts (docs/decisions/folded-counts.md) read the whole index's role counts kept by the
// stats refresh. A file whose stats were refreshed before those were kept would count every
// folded facet live, seconds a request; its stats are refreshed after the migrations
// (after-migrate.ts). No schema changes.
function up(db: Database): void {
  db.exec(`
INSERT INTO meta (key, value) SELECT 'after_migrate_stats', '1'
  WHERE EXISTS (SELECT 1 FROM jobs) AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'active_roles');
`);
}

export const m0023RoleCounts: Migration = { version: 23, name: 'role-counts', up };
