import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** Another process (or this one) is syncing into the same index file. */
export class SyncAlreadyRunning extends Error {
  override name = 'SyncAlreadyRunning';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists, it is just not ours to signal.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One sync per index file: `<file>.sync-lock` holds the syncing process's pid, created
 * exclusively. A lock whose process is gone (killed -9, power cut) is taken over; a live one
 * refuses with SyncAlreadyRunning rather than letting two runs wait on each other's writes
 * until SQLite says "database is locked". Returns the release.
 */
export function acquireSyncLock(indexFile: string): () => void {
  const path = `${indexFile}.sync-lock`;
  const refuse = (holder: string) => new SyncAlreadyRunning(`a sync into ${indexFile} is already running (${holder}); wait for it to finish, or stop it`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = holderOf(path);
    if (holder !== undefined && alive(holder)) throw refuse(`process ${holder}`);
    rmSync(path, { force: true }); // left by a process that is gone
  }
  throw refuse('another process took the lock as this one looked at it');
}

function holderOf(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
