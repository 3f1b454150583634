import type { Database } from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  /** SQL run inside the migration's transaction, or a step that needs the connection itself. */
  up: string | ((db: Database) => void);
}

/**
 * Brings a database to the newest schema, one transaction per migration, tracking the version
 * in `PRAGMA user_version`. A file newer than this build is refused rather than touched.
 */
export function migrate(db: Database, migrations: readonly Migration[], what: string): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(`${what} has schema version ${current}, newer than this app knows (${latest}); update the app`);
  }
  for (const m of migrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      // Under the write lock (IMMEDIATE), the version read again: another process creating or
      // upgrading the same file at once may have applied this step already.
      if ((db.pragma('user_version', { simple: true }) as number) >= m.version) return;
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return latest;
}
