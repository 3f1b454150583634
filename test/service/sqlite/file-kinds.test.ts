// Each kind of file says what it is, and every open refuses a file of another kind before
// writing a byte to it (docs/decisions/file-kinds.md).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openAccounts } from '#server/accounts/open-accounts';
import { accountsMigrations } from '../../../electron/server/accounts/migrations/index.js';
import { openIndex } from '#service/index-db/open-index';
import { indexMigrations } from '../../../electron/service/index-db/migrations/index.js';
import { ACCOUNTS_FILE, INDEX_FILE, USER_FILE, type FileKind } from '#service/sqlite/file-kinds';
import { migrate } from '#service/sqlite/migrate';
import { openUserDb } from '#service/user-db/open-user-db';
import { userMigrations } from '../../../electron/service/user-db/migrations/index.js';

const dir = mkdtempSync(join(tmpdir(), 'jobindex-kinds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const appId = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('application_id', { simple: true }) as number;
  } finally {
    db.close();
  }
};

const kinds: Array<{
  kind: FileKind;
  open: (f: string, o?: { readonly?: boolean }) => Database.Database;
  article: string;
}> = [
  { kind: INDEX_FILE, open: openIndex, article: 'a job index' },
  { kind: USER_FILE, open: openUserDb, article: 'a user data file' },
  { kind: ACCOUNTS_FILE, open: openAccounts, article: 'an accounts file' },
];

describe('every kind of file', () => {
  it('is stamped with its own application_id when created', () => {
    for (const { kind, open } of kinds) {
      const file = join(dir, `new-${kind.applicationId}.sqlite`);
      open(file).close();
      expect(appId(file)).toBe(kind.applicationId);
    }
    expect(new Set(kinds.map((k) => k.kind.applicationId)).size).toBe(3);
  });

  it('is refused by the opens of the other kinds, read-only or not, naming both, not a byte written', () => {
    for (const made of kinds) {
      const file = join(dir, `made-${made.kind.applicationId}.sqlite`);
      made.open(file).close();
      const before = digest(file);
      for (const other of kinds.filter((k) => k !== made)) {
        for (const readonly of [true, false]) {
          expect(() => other.open(file, { readonly }).close()).toThrow(
            `${file} is ${made.article}, not ${other.article}`,
          );
        }
      }
      expect(digest(file)).toBe(before);
    }
  });

  it('written before the stamp (application_id 0) is recognised by its tables: read as it is, stamped by a writing open', () => {
    const legacy: Array<
      [FileKind, typeof indexMigrations, (f: string, o?: { readonly?: boolean }) => Database.Database]
    > = [
      [INDEX_FILE, indexMigrations, openIndex],
      [USER_FILE, userMigrations, openUserDb],
      [ACCOUNTS_FILE, accountsMigrations, openAccounts],
    ];
    for (const [kind, migrations, open] of legacy) {
      const file = join(dir, `legacy-${kind.applicationId}.sqlite`);
      const old = new Database(file);
      migrate(old, migrations, kind.name);
      old.close();
      const before = digest(file);
      open(file, { readonly: true }).close();
      expect(digest(file)).toBe(before);
      expect(appId(file)).toBe(0);
      open(file).close();
      expect(appId(file)).toBe(kind.applicationId);
      // The other kinds still see what it is.
      const other = kinds.find((k) => k.kind !== kind)!;
      expect(() => other.open(file)).toThrow(`is ${kinds.find((k) => k.kind === kind)!.article}, not ${other.article}`);
    }
  });
});

describe('a new file', () => {
  it('is made from nothing, from 0 bytes or from an empty database only by an open that may create', () => {
    const zero = join(dir, 'zero.sqlite');
    writeFileSync(zero, '');
    expect(() => openIndex(zero, { readonly: true })).toThrow(`${zero} is empty (0 bytes), not a job index`);
    expect(() => openIndex(zero, { create: false })).toThrow(`${zero} is empty (0 bytes), not a job index`);
    expect(readFileSync(zero).byteLength).toBe(0);
    openIndex(zero).close();
    expect(appId(zero)).toBe(INDEX_FILE.applicationId);

    const blank = join(dir, 'blank.sqlite');
    new Database(blank).exec('CREATE TABLE t (x); DROP TABLE t').close(); // a header, no tables
    expect(statSync(blank).size).toBeGreaterThan(0);
    expect(() => openIndex(blank, { readonly: true })).toThrow(`${blank} is an empty SQLite database, not a job index`);
    openUserDb(blank).close();
    expect(appId(blank)).toBe(USER_FILE.applicationId);

    const missing = join(dir, 'missing.sqlite');
    expect(() => openIndex(missing, { readonly: true })).toThrow(`no job index at ${missing}`);
  });

  it("another application's file, stamped or not, is refused with what it looks like", () => {
    const stamped = join(dir, 'stamped.sqlite');
    const a = new Database(stamped);
    a.pragma('application_id = 0x5f4d504e'); // as another app might
    a.exec('CREATE TABLE t (x)');
    a.close();
    expect(() => openAccounts(stamped)).toThrow(
      `${stamped} belongs to another application (SQLite application_id 0x5f4d504e), not an accounts file`,
    );
    const users = join(dir, 'users.sqlite');
    // A `users` table alone does not make an accounts file.
    new Database(users).exec('CREATE TABLE users (id); PRAGMA user_version = 3').close();
    const before = digest(users);
    expect(() => openAccounts(users)).toThrow(
      `${users} is another application's SQLite database (tables: users), not an accounts file`,
    );
    expect(digest(users)).toBe(before);
  });
});
