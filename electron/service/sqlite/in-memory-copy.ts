import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * A read-only in-memory copy of a SQLite file. For a WAL-mode file where SQLite cannot create
 * the -shm file beside it (a read-only folder: a mounted share, a packaged app's resources):
 * an in-memory database cannot be in WAL mode, so the copy's header is marked rollback-journal.
 * It costs the file's size in memory; a file left whole (checkpointed) is read exactly.
 */
export function inMemoryCopy(file: string): Database.Database {
  const bytes = readFileSync(file);
  if (bytes[18] === 2 && bytes[19] === 2) bytes[18] = bytes[19] = 1;
  return new Database(bytes, { readonly: true });
}
