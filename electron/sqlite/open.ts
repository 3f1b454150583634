import Database from 'better-sqlite3';
import { migrate, type Migration } from './migrate.js';

export interface OpenOptions {
  readonly?: boolean;
  /** Create the file when missing (default true unless readonly). */
  create?: boolean;
}

/** Opens a SQLite file with the project's pragmas and brings its schema up to date. */
export function openDatabase(
  file: string,
  migrations: readonly Migration[],
  what: string,
  opts: OpenOptions = {},
): Database.Database {
  const readonly = opts.readonly ?? false;
  const db = new Database(file, { readonly, fileMustExist: readonly || opts.create === false });
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (!readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrate(db, migrations, what);
  } else {
    const v = db.pragma('user_version', { simple: true }) as number;
    const latest = migrations.at(-1)?.version ?? 0;
    if (v !== latest) throw new Error(`${what} ${file} has schema version ${v}, expected ${latest}`);
  }
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  db.pragma('temp_store = MEMORY');
  return db;
}
