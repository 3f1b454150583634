// An index written by an earlier build (before the sync card log) still opens everywhere a
// command only reads it: `serve --db`, `search --db`. The missing tables are added, the jobs kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openIndex } from '../../electron/index-db/open-index.js';
import { indexMigrations } from '../../electron/index-db/migrations/index.js';
import { migrate } from '../../electron/sqlite/migrate.js';
import { openIndexClients } from '../../electron/cli/index-client.js';

const dir = mkdtempSync(join(tmpdir(), 'jobindex-older-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tables = (db: Database.Database) => db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];

it('a read-only open of a schema-2 index brings it to the current schema and keeps its data', async () => {
  const file = join(dir, 'v2.sqlite');
  const old = new Database(file);
  old.pragma('journal_mode = WAL');
  migrate(old, indexMigrations.filter((m) => m.version <= 2), 'job index');
  expect(tables(old)).not.toContain('sync_card_log');
  old.close();

  const db = openIndex(file, { readonly: true });
  expect(db.pragma('user_version', { simple: true })).toBe(indexMigrations.at(-1)!.version);
  expect(tables(db)).toContain('sync_card_log');
  db.close();

  // And through the CLI's read path: answers, no error.
  const clients = openIndexClients(file);
  try {
    expect((await clients.meta.getInfo({})).schemaVersion).toBe(indexMigrations.at(-1)!.version);
  } finally {
    clients.close();
  }
});

it('a file from a newer build is refused with both versions named', () => {
  const file = join(dir, 'newer.sqlite');
  const db = new Database(file);
  db.pragma('user_version = 99');
  db.close();
  expect(() => openIndex(file, { readonly: true })).toThrow(/schema version 99, newer than this app knows \(\d+\); update the app/);
});
