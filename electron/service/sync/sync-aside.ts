import { builtWorker } from '../paths.js';
import { FileBusy } from '../sqlite/busy.js';
import { DiskFull } from '../sqlite/writable-files.js';
import { runAside, rebuiltError } from './aside-thread.js';
import { PageMismatch } from './page-check.js';
import { SnapshotCorrupt } from './snapshot-download.js';
import type { SyncProgress, SyncReport } from './sync-index.js';
import { SyncAlreadyRunning } from './sync-lock.js';
import type { AsideSyncOptions, SyncTaskOptions } from './sync-thread.js';
import { WalkStuck } from './walk-guard.js';

/** The kinds a caller tells apart (the CLI's exit codes, the upstream's faults): rebuilt as themselves. */
const KINDS: Record<string, { prototype: Error }> = {
  DiskFull,
  FileBusy,
  PageMismatch,
  SnapshotCorrupt,
  SyncAlreadyRunning,
  WalkStuck,
};

/**
 * syncIndex on a thread of its own (sync-thread.ts), so the calling thread (in the app, the one
 * that answers searches) only relays progress and applies saved jobs' checks. Same options, same
 * report, same errors (message, name, and the kinds above as themselves); a stop through `signal`
 * rejects with its reason once the run has reached a checkpoint and closed the index. On this
 * thread when the code runs from its sources (tests), the built entry is missing, or a clock is
 * given (a function does not cross threads).
 */
export async function syncAside(options: AsideSyncOptions): Promise<SyncReport> {
  const entry = builtWorker('sync', 'sync-thread.js');
  if (!entry || options.now) {
    const { syncIndex } = await import('./sync-index.js');
    return syncIndex(options);
  }
  const { signal, onProgress, savedJobs, now: _clock, ...crossing } = options;
  return runAside<SyncTaskOptions, SyncProgress, SyncReport>(
    'sync',
    entry,
    crossing,
    { signal, onProgress, savedJobs },
    (e) => rebuiltError(e, KINDS[e.name]),
  );
}
