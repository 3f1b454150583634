import type { Database } from 'better-sqlite3';
import { USER_FILE } from '../sqlite/file-kinds.js';
import { openDatabase, type OpenOptions } from '../sqlite/open.js';
import { userMigrations } from './migrations/index.js';

export type UserDb = Database;

/**
 * Opens (and creates or migrates) the user's own data file — separate from the job index. Its
 * writes are the person's own and small and rare, so each commit is synced (FULL): a power cut
 * loses none that was acknowledged (cost in BENCHMARKS.md, "User file durability").
 */
export function openUserDb(file: string, opts: OpenOptions = {}): UserDb {
  return openDatabase(file, userMigrations, USER_FILE, { synchronous: 'FULL', ...opts });
}
