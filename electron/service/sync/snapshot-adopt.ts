import { randomUUID } from 'node:crypto';
import Database, { type Database as Db } from 'better-sqlite3';
import { getMeta, setMeta } from '../index-db/meta.js';
import { IndexWriter } from '../index-db/write/index-writer.js';
import { upstreamSource } from '../index-db/write/job-sources.js';
import { staleMarker } from '../index-db/write/stale-mark.js';
import { OWN_STATE_TABLES } from '../snapshot/own-state.js';
import type { SnapshotManifest } from '../snapshot/manifest.js';
import type { Laps } from './laps.js';
import { keepLocalJobs, sharedColumns } from './snapshot-keep-local.js';
import { SyncState } from './sync-state.js';

export interface ImportCounts {
  /** The upstream's jobs now in the index. */
  jobs: number;
  /** Local jobs the snapshot replaced (the upstream's or the sample's before). */
  replaced: number;
  /** Jobs kept because they are not the upstream's (followed boards' jobs). */
  kept: number;
}

export interface AdoptOptions {
  /** The caller's connection to the index: idle during the swap, it sees the new index after. */
  db: Db;
  indexFile: string;
  /** The checked, unpacked snapshot: a scratch copy this rewrites. */
  snapFile: string;
  m: SnapshotManifest;
  upstream: string;
  now: number;
  /** Pages of the index copied so far, of `total`. */
  onPages?: (done: number, total: number) => void;
  /** How long to wait for another writer of the index to finish before giving up. */
  busyMs?: number;
  /** Times the local part, the page copy and what comes before them. */
  laps?: Laps;
}

/** What the local part is written with. */
export type LocalPartOptions = Pick<AdoptOptions, 'm' | 'upstream' | 'now'>;

/** Pages copied per backup step (1 MB of 4 KB pages): progress between steps, little overhead. */
const STEP_PAGES = 256;

// Meta keys that come with the snapshot rather than from the local file: the rates its pay used,
// and the count derived from its rows.
const THEIR_META = ['exchange_rates_as_of', 'exchange_rates_source', 'active_jobs'];
// And what the local file says of its own counts: the snapshot's are of its rows (write-snapshot.ts).
const NOT_OURS = [...THEIR_META, 'counts_stale'];

/**
 * Makes the upstream's part of the index the snapshot's (docs/decisions/snapshots.md § Download,
 * checks, adopting). The snapshot file already is an index with every row, index and search row built,
 * so rather than re-writing 100k jobs into the local file, the local file's own part is written
 * into the snapshot copy (sync and crawl state, meta, the cursor key, the jobs of followed
 * boards), and SQLite's backup API then copies the result over the index's pages in ONE write
 * transaction of the index file: killed or failing at any point, the index is the old one.
 * The local part is read while that transaction holds the index's write lock, so no other writer
 * can slip a change in between that the copy would lose.
 */
export async function adoptSnapshot(o: AdoptOptions): Promise<ImportCounts> {
  const snap = new Database(o.snapFile);
  try {
    // A scratch file: anything wrong throws it away, and the next run unpacks it again.
    snap.pragma('main.journal_mode = MEMORY');
    snap.pragma('main.synchronous = OFF');
    snap.prepare('ATTACH DATABASE ? AS local').run(o.indexFile);
    const pageSize = snap.pragma('local.page_size', { simple: true }) as number;
    if (snap.pragma('main.page_size', { simple: true }) !== pageSize) {
      // The backup API copies pages as they are; a WAL file keeps its page size.
      snap.pragma(`main.page_size = ${pageSize}`);
      snap.exec('VACUUM main');
      o.laps?.lap('page size');
    }
    let counts: ImportCounts | undefined;
    const deadline = Date.now() + (o.busyMs ?? 30_000);
    for (;;) {
      await snap.backup(o.indexFile, {
        progress: ({ totalPages, remainingPages }) => {
          if (!counts) {
            // The first step opened the index's write transaction and copied nothing yet.
            o.laps?.lap('wait for the index');
            counts = writeLocalPart(snap, o);
            snap.exec('DETACH DATABASE local');
            finishCopy(snap, o, counts.kept > 0);
            o.laps?.lap('local part');
            return STEP_PAGES;
          }
          o.onPages?.(totalPages - remainingPages, totalPages);
          return STEP_PAGES;
        },
      });
      if (counts) {
        o.laps?.lap('page copy');
        break;
      }
      // Another writer held the index: the backup gave up before it began. Wait and try again.
      if (Date.now() > deadline) throw new Error(`the index ${o.indexFile} stayed busy; nothing was changed`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The backup reports a commit the index refused (busy) as done: check it landed (the new
    // index version refreshStats gave the copy).
    if (getMeta(o.db, 'index_version') !== getMeta(snap, 'index_version'))
      throw new Error(`the snapshot could not be written into ${o.indexFile}; nothing was changed`);
    return counts;
  } finally {
    snap.close();
  }
}

/** In one transaction of the snapshot copy: everything of the local index that stays. */
export function writeLocalPart(snap: Db, o: LocalPartOptions): ImportCounts {
  return snap.transaction(() => {
    const writer = new IndexWriter(snap);
    const localJobs = snap.prepare<[], number>('SELECT count(*) FROM local.jobs').pluck().get()!;
    // Provenance (provenance.md): the upstream holds every job of its snapshot, those a followed
    // board holds too; the upstream's own bookkeeping of its sources is not copied.
    snap.exec(`CREATE TEMP TABLE snap_ids AS SELECT id FROM main.jobs; DELETE FROM main.job_sources;`);
    const kept = keepLocalJobs(snap, writer, o.upstream);
    snap
      .prepare(
        `INSERT OR IGNORE INTO main.job_sources (job_id, source, open, at)
        SELECT j.id, ?, j.status = 'active', j.last_verified_at FROM temp.snap_ids s JOIN main.jobs j ON j.id = s.id`,
      )
      .run(upstreamSource(o.upstream));
    snap.exec('DROP TABLE temp.snap_ids');

    // This file's own state: its sync checkpoints, its crawl's bookkeeping, its meta and cursor key.
    for (const table of OWN_STATE_TABLES) {
      const cols = sharedColumns(snap, table).join(', ');
      snap.exec(`DELETE FROM main.${table}; INSERT INTO main.${table} (${cols}) SELECT ${cols} FROM local.${table}`);
    }
    snap.exec(`DELETE FROM main.meta WHERE key NOT IN (${THEIR_META.map((k) => `'${k}'`).join(', ')});
      INSERT OR IGNORE INTO main.meta (key, value) SELECT key, value FROM local.meta
        WHERE key NOT IN (${NOT_OURS.map((k) => `'${k}'`).join(', ')});`);
    return { jobs: o.m.counts.jobs, replaced: localJobs - kept, kept };
  })();
}

/** Then, without the local file attached: the marks, and a new index version. */
export function finishCopy(snap: Db, o: LocalPartOptions, keptJobs: boolean): void {
  snap.transaction(() => {
    const state = new SyncState(snap);
    state.clearRun();
    if (o.m.marks)
      state.setMarks({ upstream: o.upstream, discovered: o.m.marks.discovered, verified: o.m.marks.verified });
    setMeta(snap, 'upstream', o.upstream);
    // What was sample is gone: following a board must not clear the upstream's jobs as sample.
    if (snap.prepare("DELETE FROM main.meta WHERE key = 'sample_data'").run().changes > 0)
      setMeta(snap, 'sample_cleared_at', String(o.now));
    // The snapshot's counts, quantiles and search terms are of exactly its rows: only a new index
    // version, so no old cursor reads the new index. Kept jobs are not counted in them: marked
    // stale, the commit of the walk that follows refreshes them (killed before it, whoever opens
    // the file next does).
    setMeta(snap, 'index_version', randomUUID());
    if (keptJobs) staleMarker(snap)();
  })();
}
