// #17 item 7: the user's own file syncs every commit (a power cut loses no acknowledged write);
// the index, rebuilt from the upstream at will, keeps the cheaper NORMAL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openIndex } from '#service/index-db/open-index';
import { openUserDb } from '#service/user-db/open-user-db';

const dir = mkdtempSync(join(tmpdir(), 'jobindex-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// SQLite's codes for PRAGMA synchronous.
const NORMAL = 1;
const FULL = 2;

describe('durability of the two files', () => {
  it('opens the user file with synchronous=FULL in WAL mode, every time it is opened', () => {
    for (let i = 0; i < 2; i++) {
      const db = openUserDb(join(dir, 'user.sqlite'));
      try {
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
        expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
      } finally {
        db.close();
      }
    }
  });

  it('keeps the index at synchronous=NORMAL', () => {
    const db = openIndex(join(dir, 'index.sqlite'));
    try {
      expect(db.pragma('synchronous', { simple: true })).toBe(NORMAL);
    } finally {
      db.close();
    }
  });
});
