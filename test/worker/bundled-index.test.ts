import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildIndex } from '#tools/generate/build-index';
import { getMeta, setMeta } from '#service/index-db/meta';
import { openIndex } from '#service/index-db/open-index';
import { indexFreshness, installBundledIndex, shippedIndexFreshness } from '../../electron/worker/bundled-index.js';
import { openUserDb } from '#service/user-db/open-user-db';
import { Settings } from '#service/user-db/settings';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1);
const dir = mkdtempSync(join(tmpdir(), 'jobindex-bundled-'));
const olderBundle = join(dir, 'old-resources', 'index.sqlite');
const newerBundle = join(dir, 'new-resources', 'index.sqlite');
buildIndex(olderBundle, { jobs: 60, seed: 1, now: T0 });
buildIndex(newerBundle, { jobs: 80, seed: 2, now: T0 + 10 * DAY });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let userData: string;
let local: string;
let userFile: string;
beforeEach(() => {
  userData = mkdtempSync(join(dir, 'user-data-'));
  local = join(userData, 'index.sqlite');
  userFile = join(userData, 'user.sqlite');
});

const versionOf = (file: string) => {
  const db = openIndex(file, { readonly: true });
  try {
    return getMeta(db, 'index_version');
  } finally {
    db.close();
  }
};

/** The person's own file beside the index, with a setting in it. */
function writeUserFile(): Buffer {
  const db = openUserDb(userFile);
  new Settings(db).set('window.state', { width: 900, height: 700, maximized: false });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return readFileSync(userFile);
}

describe('first launch', () => {
  it('copies the bundled index into the user-data folder', () => {
    expect(installBundledIndex(olderBundle, local)).toBe('installed');
    expect(readFileSync(local).equals(readFileSync(olderBundle))).toBe(true);
    expect(versionOf(local)).toBe(versionOf(olderBundle));
    expect(existsSync(`${local}.partial`)).toBe(false);
  });

  it('a second launch with the same bundle keeps the local index', () => {
    installBundledIndex(olderBundle, local);
    const before = statSync(local).mtimeMs;
    expect(installBundledIndex(olderBundle, local)).toBe('kept');
    expect(statSync(local).mtimeMs).toBe(before);
  });

  it('only reads the shipped index: nothing is written beside it (read-only when packaged)', () => {
    const before = readdirSync(dirname(olderBundle)).sort();
    const bytes = readFileSync(olderBundle);
    installBundledIndex(olderBundle, local);
    expect(readdirSync(dirname(olderBundle)).sort()).toEqual(before);
    expect(readFileSync(olderBundle).equals(bytes)).toBe(true);
  });

  it('refuses to start from a bundle that is not an index, naming it', () => {
    const bogus = join(userData, 'bogus.sqlite');
    writeFileSync(bogus, 'not a database');
    expect(() => installBundledIndex(bogus, local)).toThrow(bogus);
    expect(() => installBundledIndex(join(userData, 'missing.sqlite'), local)).toThrow('missing.sqlite');
  });
});

describe('an app update with a newer bundled index', () => {
  it('replaces an older local index, drops its WAL, and leaves the user’s file alone', () => {
    const userBytes = writeUserFile();
    installBundledIndex(olderBundle, local);
    // The old index's journal must not be replayed onto the new file.
    writeFileSync(`${local}-wal`, 'stale wal of the old index');
    writeFileSync(`${local}-shm`, 'stale shm');
    expect(installBundledIndex(newerBundle, local)).toBe('upgraded');
    expect(versionOf(local)).toBe(versionOf(newerBundle));
    expect(existsSync(`${local}-wal`) && readFileSync(`${local}-wal`, 'utf8').startsWith('stale')).toBe(false);
    expect(readFileSync(userFile).equals(userBytes)).toBe(true);
    const db = openUserDb(userFile);
    expect(new Settings(db).get('window.state')).toEqual({ width: 900, height: 700, maximized: false });
    db.close();
  });

  it('keeps a local index that synced past the bundled one', () => {
    installBundledIndex(olderBundle, local);
    const db = openIndex(local);
    setMeta(db, 'last_sync_at', String(T0 + 20 * DAY));
    db.close();
    const synced = versionOf(local);
    expect(indexFreshness(local)).toBe(T0 + 20 * DAY);
    expect(installBundledIndex(newerBundle, local)).toBe('kept');
    expect(versionOf(local)).toBe(synced);
  });

  it('never replaces a newer local index with an older bundle (downgrading the app)', () => {
    installBundledIndex(newerBundle, local);
    expect(installBundledIndex(olderBundle, local)).toBe('kept');
    expect(versionOf(local)).toBe(versionOf(newerBundle));
  });

  it('replaces a local file that is not a readable index (the index is a cache; user data lives elsewhere)', () => {
    const userBytes = writeUserFile();
    writeFileSync(local, 'garbage');
    expect(installBundledIndex(olderBundle, local)).toBe('replaced');
    expect(versionOf(local)).toBe(versionOf(olderBundle));
    expect(readFileSync(userFile).equals(userBytes)).toBe(true);
  });
});

describe('freshness', () => {
  it('is when the index was built, or last synced if later; undefined for a non-index', () => {
    expect(indexFreshness(olderBundle)).toBe(T0);
    expect(indexFreshness(newerBundle)).toBe(T0 + 10 * DAY);
    const copy = join(userData, 'copy.sqlite');
    copyFileSync(olderBundle, copy);
    const db = openIndex(copy);
    setMeta(db, 'last_sync_at', String(T0 - DAY));
    db.close();
    expect(indexFreshness(copy)).toBe(T0);
    expect(indexFreshness(join(userData, 'none.sqlite'))).toBeUndefined();
    expect(shippedIndexFreshness(newerBundle)).toBe(T0 + 10 * DAY);
    writeFileSync(join(userData, 'junk.sqlite'), 'junk');
    expect(shippedIndexFreshness(join(userData, 'junk.sqlite'))).toBeUndefined();
  });
});

describe('later launches', () => {
  /** A shipped file of our own, so it can be changed. */
  function shippedCopy(): string {
    const file = join(userData, 'resources', 'index.sqlite');
    mkdirSync(dirname(file));
    copyFileSync(olderBundle, file);
    return file;
  }

  it('do not read the shipped file again while it is unchanged (same size and time)', () => {
    const shipped = shippedCopy();
    // A whole second, so setting it again gives exactly the same time (no float rounding).
    const when = Math.floor(Date.now() / 1000) - 60;
    utimesSync(shipped, when, when);
    expect(installBundledIndex(shipped, local)).toBe('installed');
    // Same size and modification time, but no longer an index: read again, it would be refused.
    writeFileSync(shipped, Buffer.alloc(statSync(shipped).size));
    utimesSync(shipped, when, when);
    expect(installBundledIndex(shipped, local)).toBe('kept');
  });

  it('read it again once it changed, as after an app update in place', () => {
    const shipped = shippedCopy();
    installBundledIndex(shipped, local);
    copyFileSync(newerBundle, shipped);
    expect(installBundledIndex(shipped, local)).toBe('upgraded');
    expect(versionOf(local)).toBe(versionOf(newerBundle));
    writeFileSync(shipped, 'not a database');
    expect(() => installBundledIndex(shipped, local)).toThrow(shipped);
  });

  it('read it when the stamp beside the index is broken, and mend the stamp', () => {
    const shipped = shippedCopy();
    installBundledIndex(shipped, local);
    writeFileSync(`${local}.shipped.json`, '{"size": "garbage"');
    expect(installBundledIndex(shipped, local)).toBe('kept');
    expect(JSON.parse(readFileSync(`${local}.shipped.json`, 'utf8'))).toEqual({
      size: statSync(shipped).size,
      mtimeMs: Math.trunc(statSync(shipped).mtimeMs),
      freshness: T0,
    });
  });
});
