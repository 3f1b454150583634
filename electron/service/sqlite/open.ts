import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { FileKind } from './file-kinds.js';
import { identify } from './identify.js';
import { immediateTransactions } from './immediate-transactions.js';
import { noteWritable } from './writable-files.js';
import { inMemoryCopy } from './in-memory-copy.js';
import { migrate, type Migration } from './migrate.js';
import { WrongFile } from './wrong-file.js';

/** Live work after the migrations, in the same writable connection (see openDatabase). */
export type AfterMigrate = (db: Database.Database) => void;

export interface OpenOptions {
  readonly?: boolean;
  /** Create the file when missing or empty (default true unless readonly). */
  create?: boolean;
  /**
   * FULL syncs the WAL at every commit, so a power cut keeps every acknowledged write; NORMAL
   * (the default) survives a killed process but may lose the last commits to a power cut.
   */
  synchronous?: 'NORMAL' | 'FULL';
}

/** SQLite cannot read a WAL-mode file in place here (no -shm can be made beside it). */
const READ_IN_PLACE_FAILED = new Set(['SQLITE_READONLY_DIRECTORY', 'SQLITE_READONLY_CANTINIT', 'SQLITE_CANTOPEN']);

/**
 * A read-only connection to a file identified as `kind` (or blank): in place, or from an
 * in-memory copy where SQLite cannot read it in place. Throws WrongFile for any other file.
 */
function openReadOnly(file: string, kind: FileKind): { db: Database.Database; blank: boolean } {
  let db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    try {
      db.pragma('application_id', { simple: true });
    } catch (e) {
      const code = (e as { code?: string }).code ?? '';
      if (code === 'SQLITE_NOTADB') throw new WrongFile(`${file} is not a SQLite database, so not ${kind.aName}`);
      if (!READ_IN_PLACE_FAILED.has(code)) throw e;
      db.close();
      db = inMemoryCopy(file);
    }
    return { db, blank: identify(db, file, kind).is === 'blank' };
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * Throws WrongFile unless `file` is missing, empty, or of `kind`: for a command about to replace
 * the file whole (`generate --out`), which must not delete an accounts or another app's file.
 */
export function checkReplaceable(file: string, kind: FileKind): void {
  if (sizeOf(file)) openReadOnly(file, kind).db.close();
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Opens a SQLite file of one kind with the project's pragmas and brings its schema up to date.
 * Before anything is written the file is identified (docs/decisions/file-kinds.md): a file of
 * another kind, another application's, or (for a read) an empty one is refused with WrongFile
 * and left byte for byte as it was. Only an open that may create makes a new file. `afterMigrate`
 * does, in the same writable open, the work the migrations leave to live code (index-db/after-migrate.ts).
 */
export function openDatabase(
  file: string,
  migrations: readonly Migration[],
  kind: FileKind,
  opts: OpenOptions = {},
  afterMigrate?: AfterMigrate,
): Database.Database {
  const readonly = opts.readonly ?? false;
  const mayCreate = !readonly && opts.create !== false;
  const size = sizeOf(file);
  if (size === undefined && !mayCreate) throw new WrongFile(`no ${kind.name} at ${file}`);
  if (size === 0 && !mayCreate) throw new WrongFile(`${file} is empty (0 bytes), not ${kind.aName}`);
  if (readonly) return openForReading(file, migrations, kind, afterMigrate);
  if (size) openReadOnly(file, kind).db.close(); // identified; a blank database is a new file here
  return openForWriting(file, migrations, kind, opts.synchronous ?? 'NORMAL', afterMigrate);
}

function openForReading(
  file: string,
  migrations: readonly Migration[],
  kind: FileKind,
  afterMigrate?: AfterMigrate,
): Database.Database {
  const opened = openReadOnly(file, kind);
  let db = opened.db;
  try {
    if (opened.blank) throw new WrongFile(`${file} is an empty SQLite database, not ${kind.aName}`);
    if (!db.memory && versionOf(db) < latestOf(migrations)) {
      db.close();
      upgradeFirst(file, migrations, kind, afterMigrate);
      db = openReadOnly(file, kind).db;
    }
    checkVersion(db, migrations, kind, file);
    return withPragmas(db);
  } catch (e) {
    db.close();
    throw e;
  }
}

/** How long a writer waits for another process's write to finish before it gives up (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 5000;

function openForWriting(
  file: string,
  migrations: readonly Migration[],
  kind: FileKind,
  synchronous: 'NORMAL' | 'FULL',
  afterMigrate?: AfterMigrate,
): Database.Database {
  const db = immediateTransactions(new Database(file));
  try {
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
    migrate(db, migrations, kind.name);
    afterMigrate?.(db);
    if (db.pragma('application_id', { simple: true }) !== kind.applicationId)
      db.pragma(`application_id = ${kind.applicationId}`);
    if (!db.memory) noteWritable(kind.name, file);
  } catch (e) {
    db.close();
    // SQLite's own words ("attempt to write a readonly database") do not say which file.
    if (e instanceof Error && (e as { code?: string }).code?.startsWith('SQLITE_')) e.message = `${file}: ${e.message}`;
    throw e;
  }
  return withPragmas(db);
}

const latestOf = (migrations: readonly Migration[]) => migrations.at(-1)?.version ?? 0;

const versionOf = (db: Database.Database) => db.pragma('user_version', { simple: true }) as number;

function checkVersion(db: Database.Database, migrations: readonly Migration[], kind: FileKind, file: string): void {
  const v = versionOf(db);
  const latest = latestOf(migrations);
  if (v > latest)
    throw new WrongFile(
      `${kind.name} ${file} has schema version ${v}, newer than this app knows (${latest}); update the app`,
    );
  if (v < latest)
    throw new WrongFile(
      `${kind.name} ${file} has schema version ${v}, expected ${latest}; it cannot be upgraded without write access to it`,
    );
}

function withPragmas(db: Database.Database): Database.Database {
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('cache_size = -65536');
  if (!db.memory) db.pragma('mmap_size = 268435456');
  db.pragma('temp_store = MEMORY');
  return db;
}

/**
 * A read-only open of a file an older build wrote (say `serve --db` on an index synced last
 * month) first applies the missing migrations through a short writable connection: they change
 * the schema and may rewrite derived data (0007 adds pay columns, 0008 rewrites invented values
 * to unknown, 0011 may rebuild the pay order), never the user's own rows, and refusing the file
 * would leave the user no command to fix it. The file was
 * identified as this kind first; one from a newer build, or one we may not write, is refused
 * by the version check with its version.
 */
function upgradeFirst(
  file: string,
  migrations: readonly Migration[],
  kind: FileKind,
  afterMigrate?: AfterMigrate,
): void {
  let db: Database.Database;
  try {
    db = immediateTransactions(new Database(file, { fileMustExist: true }));
  } catch {
    return; // not writable here: the version check names the problem
  }
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    migrate(db, migrations, kind.name);
    afterMigrate?.(db);
    db.pragma(`application_id = ${kind.applicationId}`);
  } catch (e) {
    if (!(e as { code?: string }).code?.startsWith('SQLITE_READONLY')) throw e;
  } finally {
    db.close();
  }
}
