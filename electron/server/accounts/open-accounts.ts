import type { Database } from 'better-sqlite3';
import { ACCOUNTS_FILE } from '#service/sqlite/file-kinds';
import { openDatabase, type OpenOptions } from '#service/sqlite/open';
import { accountsMigrations } from './migrations/index.js';

export type AccountsDb = Database;

/** Opens (and creates or migrates) an accounts file — separate from the job index. */
export function openAccounts(file: string, opts: OpenOptions = {}): AccountsDb {
  return openDatabase(file, accountsMigrations, ACCOUNTS_FILE, opts);
}
