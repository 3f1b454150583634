import { rmSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { INDEX_SCHEMA_VERSION } from '../index-db/open-index.js';
import { Laps, type Lap } from './laps.js';
import type { ProgressMeter } from './progress.js';
import { downloadFiles, downloadSnapshot, fetchManifest } from './snapshot-download.js';
import { adoptSnapshot, type ImportCounts } from './snapshot-adopt.js';
import { unpackSnapshot } from './snapshot-import.js';
import { installSnapshot } from './snapshot-install.js';
import { SyncState } from './sync-state.js';

/** 'auto': when the index has nothing of this upstream yet, or is far behind it; 'never': List + Get only. */
export type SnapshotMode = 'auto' | 'never';

/** How far behind the snapshot (its newest verification vs ours) makes a download cheaper than a walk. */
export const FAR_BEHIND_MS = 3 * 24 * 60 * 60 * 1000;

export interface SnapshotReport {
  /** Whether the run started from the upstream's snapshot, and why (not). */
  used: boolean;
  reason: string;
  createdAt?: string;
  /** Bytes fetched by this run, and those a cut download had left on disk. */
  bytesDownloaded?: number;
  resumedFrom?: number;
  jobs?: number;
  replaced?: number;
  kept?: number;
  /** How it went in: the snapshot's file became the index ('file'), or was copied into it page by page ('pages'). */
  install?: 'file' | 'pages';
  /** Milliseconds of each step (download, sha256, decompress, check, local part, page copy, …). */
  steps?: Record<string, Lap>;
}

export interface BootstrapOptions {
  db: Database;
  indexFile: string;
  upstream: string;
  meter: ProgressMeter;
  signal?: AbortSignal;
  now: () => number;
  farBehindMs?: number;
  /**
   * Given when `db` is the run's own connection: it may then be closed for the snapshot's file
   * to be installed as the index (snapshot-install.ts), and this opens the index again (the
   * run goes on with the connection it returns).
   */
  reopen?: () => Database;
}

export async function bootstrapFromSnapshot(o: BootstrapOptions): Promise<SnapshotReport> {
  const state = new SyncState(o.db);
  if (state.run()?.upstream === o.upstream) return { used: false, reason: 'a run from this upstream is under way' };
  const marks = state.marks(o.upstream);
  let m;
  try {
    m = await fetchManifest(o.upstream, o.signal);
  } catch (e) {
    o.signal?.throwIfAborted();
    // Unreachable, or a manifest that is not one: the walk reports the upstream's state its own way.
    return { used: false, reason: `its snapshot manifest could not be read (${(e as Error).message})` };
  }
  if (!m) return { used: false, reason: 'the upstream offers no snapshot' };
  if (m.schemaVersion > INDEX_SCHEMA_VERSION)
    return { used: false, reason: `its snapshot's schema (${m.schemaVersion}) is newer than this app's` };
  if (!m.marks) return { used: false, reason: 'its snapshot holds no active jobs' };
  if (marks && m.marks.verified - marks.verified < (o.farBehindMs ?? FAR_BEHIND_MS))
    return { used: false, reason: 'the index is close enough to the upstream for an incremental walk' };
  const files = downloadFiles(o.indexFile);
  const laps = new Laps();
  o.meter.start('snapshot', m.bytes);
  let last = 0;
  const dl = await downloadSnapshot(o.upstream, m, files, {
    ...(o.signal ? { signal: o.signal } : {}),
    laps,
    onBytes: (done) => {
      o.meter.add(done - last);
      last = done;
    },
  });
  o.meter.finish();
  o.signal?.throwIfAborted();
  o.meter.start('import', m.counts.jobs);
  let db = o.db;
  try {
    await unpackSnapshot(files.part, files.db, m, laps);
    o.signal?.throwIfAborted();
    let counts: ImportCounts | undefined;
    let shown = 0;
    if (o.reopen) {
      // The run's own connection is closed so that the index may be alone; opened again after.
      o.db.close();
      try {
        counts = installSnapshot({
          indexFile: o.indexFile,
          snapFile: files.db,
          m,
          upstream: o.upstream,
          now: o.now(),
          laps,
          // The new file is complete: said at once (the index is about to change).
          onReady: () => o.meter.start('import', m.counts.jobs, (shown = Math.floor(m.counts.jobs / 2))),
        });
      } finally {
        db = o.reopen();
      }
    }
    const install = counts ? 'file' : 'pages';
    counts ??= await adoptSnapshot({
      db,
      indexFile: o.indexFile,
      snapFile: files.db,
      m,
      upstream: o.upstream,
      now: o.now(),
      laps,
      // Shown in jobs, as the pages of the index are written.
      onPages: (done, total) => {
        const jobs = Math.floor((m.counts.jobs * done) / total);
        // The first pages are in: said at once (the index's write has begun), then as throttled.
        if (shown === 0) o.meter.start('import', m.counts.jobs, jobs);
        else o.meter.add(jobs - shown);
        shown = jobs;
      },
    });
    o.meter.add(m.counts.jobs - shown);
    o.meter.finish();
    // Merged: the download has served its purpose.
    rmSync(files.part, { force: true });
    rmSync(files.partManifest, { force: true });
    laps.lap('clean up');
    return {
      used: true,
      reason: marks ? 'the index was far behind' : 'the index had nothing of this upstream',
      createdAt: m.createdAt,
      bytesDownloaded: dl.fetched,
      resumedFrom: dl.resumedFrom,
      ...counts,
      install,
      steps: laps.steps,
    };
  } finally {
    rmSync(files.db, { force: true });
    rmSync(`${files.db}-wal`, { force: true });
    rmSync(`${files.db}-shm`, { force: true });
  }
}
