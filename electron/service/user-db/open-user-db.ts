import type { Database } from 'better-sqlite3';
import { USER_FILE } from '../sqlite/file-kinds.js';
import { openDatabase, type OpenOptions } from '../sqlite/open.js';
import { userMigrations } from './migrations/index.js';

export type UserDb = Database;

/** Opens (and creates or migrates) the user's own data file — separate from the job index. */
export function openUserDb(file: string, opts: OpenOptions = {}): UserDb {
  return openDatabase(file, userMigrations, USER_FILE, opts);
}
