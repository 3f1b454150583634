// SQLite reports a full disk as "disk I/O error" (SQLITE_IOERR_*) on some write paths (issue 32
// item 6). Such an error reads as the full-disk message, status and exit code when the disk holding
// the file is in fact (nearly) full, and stays an I/O error when it is not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT, failureOf } from '../../../electron/cli/exit-codes.js';
import {
  freeBytesNear,
  isDiskFull,
  NEARLY_FULL_BYTES,
  noteWritable,
} from '../../../electron/service/sqlite/writable-files.js';
import { INDEX_FILE } from '../../../electron/service/sqlite/file-kinds.js';

const dir = mkdtempSync(join(tmpdir(), 'jobindex-ioerr-'));
const file = join(dir, 'index.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ioErr = () => new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE');

describe('a disk I/O error from SQLite', () => {
  it('is a full disk when the disk holding the file has (almost) no space left', () => {
    expect(isDiskFull(ioErr(), file, () => 0)).toBe(true);
    expect(isDiskFull(ioErr(), file, () => 64 << 10)).toBe(true);
    expect(isDiskFull(new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_SHMSIZE'), file, () => 0)).toBe(true);
  });

  it('stays an I/O error when there is room, or when the file or its free space is unknown', () => {
    expect(isDiskFull(ioErr(), file, () => 10 * NEARLY_FULL_BYTES)).toBe(false);
    expect(isDiskFull(ioErr(), undefined, () => 0)).toBe(false);
    expect(isDiskFull(ioErr(), file, () => undefined)).toBe(false);
    expect(isDiskFull(new Database.SqliteError('constraint', 'SQLITE_CONSTRAINT'), file, () => 0)).toBe(false);
  });

  it('measures the free space of the disk holding a file not yet created', () => {
    expect(freeBytesNear(join(dir, 'not-yet', 'index.sqlite'))).toBeGreaterThan(0);
  });

  it('exits 4 (I/O), not 6 (disk full), when the disk holding the index has room', () => {
    noteWritable(INDEX_FILE.name, file);
    const free = freeBytesNear(file)!;
    expect(free).toBeGreaterThan(NEARLY_FULL_BYTES); // the test's own temp disk
    expect(failureOf(ioErr())).toEqual({ code: EXIT.io, message: 'I/O error: disk I/O error' });
    // SQLITE_FULL is a full disk whatever the free space says (a quota, max_page_count).
    expect(failureOf(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'))).toEqual({
      code: EXIT.diskFull,
      message: `the disk holding ${file} is full; free space and try again`,
    });
  });
});
