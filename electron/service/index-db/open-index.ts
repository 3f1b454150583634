import type { Database } from 'better-sqlite3';
import { INDEX_FILE } from '../sqlite/file-kinds.js';
import { openDatabase, type OpenOptions } from '../sqlite/open.js';
import { afterIndexMigrations } from './after-migrate.js';
import { indexMigrations } from './migrations/index.js';

export type IndexDb = Database;

/** Opens (and creates or migrates) a job index file. */
export function openIndex(file: string, opts: OpenOptions = {}): IndexDb {
  return openDatabase(file, indexMigrations, INDEX_FILE, opts, afterIndexMigrations);
}

/** The index schema this build writes (the last migration's version). */
export const INDEX_SCHEMA_VERSION = indexMigrations.at(-1)!.version;
