// An index written by an earlier build (before the sync card log) still opens everywhere a
// command only reads it: `serve --db`, `search --db`. The missing tables are added, the jobs kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openIndex } from '#service/index-db/open-index';
import { indexMigrations } from '../../../electron/service/index-db/migrations/index.js';
import { INDEX_FILE } from '#service/sqlite/file-kinds';
import { migrate } from '#service/sqlite/migrate';
import { openIndexClients } from '../../../electron/cli/index-client.js';

const dir = mkdtempSync(join(tmpdir(), 'jobindex-older-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tables = (db: Database.Database) =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];

it('a read-only open of a schema-2 index brings it to the current schema and keeps its data', async () => {
  const file = join(dir, 'v2.sqlite');
  const old = new Database(file);
  old.pragma('journal_mode = WAL');
  migrate(
    old,
    indexMigrations.filter((m) => m.version <= 2),
    'job index',
  );
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
  // A newer build's index says what it is (docs/decisions/file-kinds.md).
  db.pragma(`application_id = ${INDEX_FILE.applicationId}`);
  db.pragma('user_version = 99');
  db.close();
  expect(() => openIndex(file, { readonly: true })).toThrow(
    /schema version 99, newer than this app knows \(\d+\); update the app/,
  );
});

it('an index written before migration 8 upgrades in place: rows kept, integrity ok, unknown remote / work mode storable', () => {
  const file = join(dir, 'v4.sqlite');
  const old = new Database(file);
  old.pragma('journal_mode = WAL');
  migrate(
    old,
    indexMigrations.filter((m) => m.version <= 4),
    'job index',
  );
  old.exec(`INSERT INTO companies (cid, id, slug, name, sort_key, created_at, updated_at) VALUES (1, 'c1', 'acme', 'Acme', 'acme', 0, 0);
    INSERT INTO jobs (rid, id, title, company_cid, company_name, company_sort, remote, work_mode, employment_type, seniority,
      salary_sort, source_platform, status, discovered_at, last_seen_at, last_scraped_at, last_verified_at)
    VALUES (7, 'j1', 'Welder', 1, 'Acme', 'acme', 1, 'hybrid', 'full_time', 'mid', -1, 'lever', 'active', 1, 1, 1, 1);`);
  const insertUnknown = (o: Database.Database, rid: number, remote: number | null, workMode: string) =>
    o
      .prepare(
        `INSERT INTO jobs (rid, id, title, company_cid, company_name, company_sort, remote, work_mode, employment_type,
        seniority, salary_sort, source_platform, status, discovered_at, last_seen_at, last_scraped_at, last_verified_at)
      VALUES (?, ?, 'Probe', 1, 'Acme', 'acme', ?, ?, '', '', -1, 'lever', 'active', 1, 1, 1, 1)`,
      )
      .run(rid, `j${rid}`, remote, workMode);
  expect(() => insertUnknown(old, 8, null, '')).toThrow(/NOT NULL constraint failed: jobs.remote/);
  old.close();

  const db = openIndex(file);
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(indexMigrations.at(-1)!.version);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT id, remote, work_mode FROM jobs').all()).toEqual([
      { id: 'j1', remote: 1, work_mode: 'hybrid' },
    ]);
    // Unknown is now storable; a wrong value is still refused.
    insertUnknown(db, 8, null, '');
    expect(db.prepare("SELECT remote, work_mode FROM jobs WHERE id = 'j8'").get()).toEqual({
      remote: null,
      work_mode: '',
    });
    expect(() => insertUnknown(db, 9, 2, '')).toThrow(/CHECK constraint failed/);
    expect(() => insertUnknown(db, 9, 0, 'sometimes')).toThrow(/CHECK constraint failed/);
    // The defensive mode the migration lifted is back on: the schema cannot be written.
    expect(
      () =>
        db.pragma('writable_schema = ON') && db.prepare("UPDATE sqlite_schema SET sql = sql WHERE name = 'jobs'").run(),
    ).toThrow();
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    db.close();
  }
});
