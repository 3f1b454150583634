import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { alive } from '../sqlite/busy.js';

/** Another process (or this one) is syncing into the same index file. */
export class SyncAlreadyRunning extends Error {
  override name = 'SyncAlreadyRunning';
}

/**
 * One sync per index file: `<file>.sync-lock` holds the syncing process's pid (and the run's
 * token), linked into place exclusively. A lock whose process is gone (killed -9, power cut) is taken over; a live one
 * refuses with SyncAlreadyRunning rather than letting two runs wait on each other's writes
 * until SQLite says "database is locked". Returns the release.
 */
export function acquireSyncLock(indexFile: string): () => void {
  const path = `${indexFile}.sync-lock`;
  const refuse = (holder: string) =>
    new SyncAlreadyRunning(
      `a sync into ${indexFile} is already running (${holder}); wait for it to finish, or stop it`,
    );
  for (let attempt = 0; attempt < 2; attempt++) {
    // The pid is written first and linked into place, so no one ever reads a lock without its holder.
    const draft = `${path}.${process.pid}.${attempt}`;
    const mine = `${process.pid} ${randomUUID()}`;
    writeFileSync(draft, mine);
    try {
      linkSync(draft, path);
      // A run left behind (the app's scheduler gave up on it) must not remove its successor's lock.
      return () => {
        if (contentOf(path) === mine) rmSync(path, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      rmSync(draft, { force: true });
    }
    const holder = holderOf(path);
    // This process's own lock is a run its scheduler gave up on (one runs at a time per process).
    if (holder !== undefined && holder !== process.pid && alive(holder)) throw refuse(`process ${holder}`);
    rmSync(path, { force: true }); // left by a process that is gone
  }
  throw refuse('another process took the lock as this one looked at it');
}

function contentOf(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function holderOf(path: string): number | undefined {
  const pid = Number(contentOf(path)?.split(' ')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}
