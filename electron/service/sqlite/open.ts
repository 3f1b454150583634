import Database from 'better-sqlite3';
import { migrate, type Migration } from './migrate.js';

export interface OpenOptions {
  readonly?: boolean;
  /** Create the file when missing (default true unless readonly). */
  create?: boolean;
  /**
   * FULL syncs the WAL at every commit, so a power cut keeps every acknowledged write; NORMAL
   * (the default) survives a killed process but may lose the last commits to a power cut.
   */
  synchronous?: 'NORMAL' | 'FULL';
}

/** Opens a SQLite file with the project's pragmas and brings its schema up to date. */
export function openDatabase(
  file: string,
  migrations: readonly Migration[],
  what: string,
  opts: OpenOptions = {},
): Database.Database {
  const readonly = opts.readonly ?? false;
  if (readonly) upgradeFirst(file, migrations, what);
  const db = new Database(file, { readonly, fileMustExist: readonly || opts.create === false });
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (!readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${opts.synchronous ?? 'NORMAL'}`);
    migrate(db, migrations, what);
  } else {
    const v = db.pragma('user_version', { simple: true }) as number;
    const latest = migrations.at(-1)?.version ?? 0;
    if (v > latest) throw new Error(`${what} ${file} has schema version ${v}, newer than this app knows (${latest}); update the app`);
    if (v < latest) throw new Error(`${what} ${file} has schema version ${v}, expected ${latest}; it cannot be upgraded without write access to it`);
  }
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  db.pragma('temp_store = MEMORY');
  return db;
}

/**
 * A read-only open of a file an older build wrote (say `serve --db` on an index synced last
 * month) first applies the missing migrations through a short writable connection: they only
 * add tables, and refusing the file would leave the user no command to fix it. A file from a
 * newer build, or one we may not write, is refused below with its version.
 */
function upgradeFirst(file: string, migrations: readonly Migration[], what: string): void {
  const probe = new Database(file, { readonly: true, fileMustExist: true });
  let v: number;
  try {
    v = probe.pragma('user_version', { simple: true }) as number;
  } finally {
    probe.close();
  }
  if (v >= (migrations.at(-1)?.version ?? 0)) return;
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch {
    return; // not writable here: the version check names the problem
  }
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    migrate(db, migrations, what);
  } finally {
    db.close();
  }
}
