import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Laps } from './laps.js';
import { finishCopy, writeLocalPart, type ImportCounts, type LocalPartOptions } from './snapshot-adopt.js';

export interface InstallOptions extends LocalPartOptions {
  /** The index file; no connection of the caller's may be open on it. */
  indexFile: string;
  /** The checked, unpacked snapshot: it becomes the index file. */
  snapFile: string;
  laps?: Laps;
  /** Called once the new file is complete and synced, just before it takes the index's place. */
  onReady?: () => void;
}

/**
 * Installs the unpacked snapshot AS the index file (docs/decisions/snapshots.md § Installing the
 * file): the local file's own part is written into the snapshot copy, which is synced and renamed
 * over the index. The file is written once (its decompression), not three times (decompressed,
 * copied into the WAL, checkpointed), which the page copy of adoptSnapshot costs.
 *
 * Only when no other connection has the index open (a renamed-over file would go on being read,
 * and written, by them): that is asked of SQLite itself, which gives this connection the index's
 * EXCLUSIVE lock only then, and holds it until the rename, so no one opens the old file meanwhile.
 * Returns undefined, with nothing changed, when the index is open elsewhere: the caller then
 * adopts the snapshot page by page. Killed at any point, the index is the old file or the new one,
 * whole: the rename is atomic and comes after the new file is synced.
 */
export function installSnapshot(o: InstallOptions): ImportCounts | undefined {
  // Windows renames no file another handle has open, and ours holds the lock until the rename.
  if (process.platform === 'win32') return undefined;
  const snap = new Database(o.snapFile);
  try {
    // A scratch file until the rename: anything wrong throws it away, the next run unpacks it again.
    snap.pragma('main.journal_mode = MEMORY');
    snap.pragma('main.synchronous = OFF');
    snap.pragma('busy_timeout = 0');
    snap.prepare('ATTACH DATABASE ? AS local').run(o.indexFile);
    // Out of WAL mode only when no other connection has the index open (SQLite checks): so its
    // WAL is checkpointed and gone, and no `-wal` is left beside the path to be read with the new file.
    if (!alone(snap)) return undefined;
    snap.pragma('local.locking_mode = EXCLUSIVE');
    try {
      // Every reader and writer of the index is kept out from here until the rename.
      snap.exec('BEGIN EXCLUSIVE');
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
      return undefined; // one opened it just now: the next open puts it back in WAL mode
    }
    o.laps?.lap('wait for the index');
    let counts: ImportCounts;
    try {
      counts = writeLocalPart(snap, o);
      finishCopy(snap, o, counts.kept > 0);
      snap.exec('COMMIT');
    } catch (e) {
      if (snap.inTransaction) snap.exec('ROLLBACK');
      throw e;
    }
    o.laps?.lap('local part');
    // The new file is on disk before it takes the index's place (a power cut then leaves either whole).
    syncFile(o.snapFile);
    rmSync(`${o.indexFile}-shm`, { force: true });
    o.laps?.lap('sync the file');
    o.onReady?.();
    renameSync(o.snapFile, o.indexFile);
    syncFile(dirname(o.indexFile));
    o.laps?.lap('install');
    return counts;
  } finally {
    // Releases the old file's lock: it is no one's any more.
    snap.close();
  }
}

/** Whether this is the index's only connection: the change out of WAL mode needs that. */
function alone(snap: Database.Database): boolean {
  try {
    // Every open leaves an index in WAL mode; one that is not (a run killed mid-install, then
    // opened read-only) may have connections that hold no lock while idle, so SQLite could not tell.
    if (snap.pragma('local.journal_mode', { simple: true }) !== 'wal') return false;
    return snap.pragma('local.journal_mode = DELETE', { simple: true }) === 'delete';
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY') return false;
    throw e;
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
