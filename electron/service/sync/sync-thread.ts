// A sync on a thread of its own (sync-aside.ts). In the app, background sync ran on the thread that
// answers searches: decompressing and installing a snapshot, staging cards, the commit's writes
// all held that thread, and a search typed meanwhile waited for them (issue 28: no stall over
// 100 ms while a sync runs). Here the whole run (its connection, its HTTP client, its commit) runs apart.
import { serveAside } from './aside-entry.js';
import { syncIndex, type SyncOptions, type SyncProgress, type SyncReport } from './sync-index.js';

/** syncIndex's options as sync-aside.ts takes them: into a file, by name (a connection does not cross threads). */
export type AsideSyncOptions = Omit<SyncOptions, 'db' | 'indexFile'> & { indexFile: string };

/** The options that cross to the thread. */
export type SyncTaskOptions = Omit<AsideSyncOptions, 'signal' | 'onProgress' | 'savedJobs' | 'now'>;

await serveAside<SyncTaskOptions, SyncProgress, SyncReport>('the sync was stopped', (options, hooks) =>
  syncIndex({ ...options, ...hooks }),
);
