import type { Database } from 'better-sqlite3';
import type { Migration } from '../../sqlite/migrate.js';

// "Unknown stays unknown" (docs/decisions/crawl.md § Unknown in storage): a crawled posting may
// not state remote or work mode, and 0001 made both columns NOT NULL with CHECKs, so the crawler
// had to invent a value. This loosens them in place: `remote` may be NULL, `work_mode` may be ''
// (as employment_type and seniority already may). Loosening a constraint cannot break an existing
// row, so SQLite's documented writable_schema edit (lang_altertable.html, the "otherwise"
// procedure) is enough; a table rebuild would have to recreate every index, FTS and trigger that
// other migrations hang on `jobs`. Only the two column definitions are rewritten, so columns
// added to `jobs` later (ALTER TABLE) are kept as they are.

const REMOTE = /(\bremote\s+INTEGER)\s+NOT NULL(\s+CHECK \(remote IN \(0, 1\)\))/;
const WORK_MODE = /(\bwork_mode\s+TEXT NOT NULL CHECK \(work_mode IN \('remote', 'hybrid', 'onsite')(\)\))/;

/** The jobs table's CREATE statement with the two constraints loosened. */
export function relaxJobsSql(sql: string): string {
  if (!REMOTE.test(sql) || !WORK_MODE.test(sql)) {
    throw new Error(
      'migration 8: jobs.remote / jobs.work_mode are not as migration 1 made them; refusing to edit the schema',
    );
  }
  return sql.replace(REMOTE, '$1$2').replace(WORK_MODE, "$1, ''$2");
}

function up(db: Database): void {
  const sql = db
    .prepare<[], string>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'jobs'")
    .pluck()
    .get()!;
  const next = relaxJobsSql(sql);
  // better-sqlite3 opens connections in SQLite's defensive mode, which forbids writable_schema.
  db.unsafeMode(true);
  try {
    const version = db.pragma('schema_version', { simple: true }) as number;
    db.pragma('writable_schema = ON');
    db.prepare("UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = 'jobs'").run(next);
    // A new schema cookie makes every connection (ours included) re-read the schema.
    db.pragma(`schema_version = ${version + 1}`);
    db.pragma('writable_schema = OFF');
  } finally {
    db.unsafeMode(false);
  }
}

export const m0008UnknownStaysUnknown: Migration = { version: 8, name: 'unknown-stays-unknown', up };
