// One migration at a time, for the tests of each (test/service/*/migrations/NNNN-*.test.ts): a file
// built at the version before, as the previous release left it, then upgraded by this one.
import Database from 'better-sqlite3';
import { migrate, type Migration } from '#service/sqlite/migrate';

export type Db = Database.Database;

/** A database built by every migration up to `version` (0: a new, empty file). */
export function builtAt(migrations: readonly Migration[], version: number): Db {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version <= version),
    'test file',
  );
  return db;
}

/** The version the release before `version` left its files at. */
export function before(migrations: readonly Migration[], version: number): number {
  return migrations.filter((m) => m.version < version).at(-1)?.version ?? 0;
}

/** Applies the migrations up to `version` to a file built at an older one. */
export function upgradeTo(db: Db, migrations: readonly Migration[], version: number): void {
  migrate(
    db,
    migrations.filter((m) => m.version <= version),
    'test file',
  );
  expectVersion(db, version);
}

function expectVersion(db: Db, version: number): void {
  const v = db.pragma('user_version', { simple: true });
  if (v !== version) throw new Error(`user_version ${String(v)}, expected ${version}`);
}

export const tables = (db: Db): string[] =>
  db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();

export const columns = (db: Db, table: string): string[] =>
  db.prepare<[], string>(`SELECT name FROM pragma_table_info('${table}')`).pluck().all();

export const schemaObjects = (db: Db, type: 'index' | 'trigger'): string[] =>
  db.prepare<[string], string>('SELECT name FROM sqlite_schema WHERE type = ? ORDER BY name').pluck().all(type);

/** A company and one active job with a yearly USD salary, as an index at any version holds them. */
export function putJob(
  db: Db,
  id = 'j1',
  salary: { min: number; max: number; currency: string; period: string } | null = null,
): number {
  const t = Date.UTC(2026, 9, 1);
  db.prepare(
    "INSERT OR IGNORE INTO companies (cid, id, slug, name, sort_key, created_at, updated_at) VALUES (1, 'c1', 'acme', 'Acme', 'acme', ?, ?)",
  ).run(t, t);
  const rid = db.prepare<[], number>('SELECT coalesce(max(rid), 0) + 1 FROM jobs').pluck().get()!;
  db.prepare(
    `INSERT INTO jobs (rid, id, title, company_cid, company_name, company_slug, company_sort, remote, work_mode, employment_type, seniority,
       salary_min, salary_max, salary_currency, salary_period, salary_sort, source_platform, status,
       discovered_at, last_seen_at, last_scraped_at, last_verified_at)
     VALUES (?, ?, 'Engineer', 1, 'Acme', 'acme', 'acme', 1, 'remote', 'full_time', 'mid', ?, ?, ?, ?, ?, 'greenhouse', 'active', ?, ?, ?, ?)`,
  ).run(
    rid,
    id,
    salary?.min ?? null,
    salary?.max ?? null,
    salary?.currency ?? null,
    salary?.period ?? null,
    salary?.max ?? -1,
    t,
    t,
    t,
    t,
  );
  return rid;
}
