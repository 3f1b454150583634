import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { CompressStream } from 'zstd-napi';
import { getMeta } from '../index-db/meta.js';
import { purgeExpired } from '../index-db/write/purge.js';
import { refreshStats } from '../index-db/write/refresh-stats.js';
import { countsStale } from '../index-db/write/stale-mark.js';
import { OWN_STATE_TABLES } from './own-state.js';
import { openIndex } from '../index-db/open-index.js';
import { MANIFEST_NAME, type SnapshotManifest } from './manifest.js';

/**
 * zstd -9 with long-distance matching in a 128 MB window (docs/decisions/snapshots.md § What a
 * snapshot is): publishing is once per snapshot, downloading is once per desktop. On the 20k
 * bench file: 25% fewer bytes than -3 with `--long`, 40% with -9 too, decompression as fast;
 * the window is the most a decoder accepts by default (windowLogMax 27).
 */
const COMPRESSION = { compressionLevel: 9, enableLongDistanceMatching: true, windowLog: 27 } as const;
/** Snapshot files kept in the folder: the new one, and the one before for downloads under way. */
const KEEP = 2;

/** A pass-through that hashes and counts what flows through it. */
export function hashTap(): { tap: Transform; digest: () => { sha256: string; bytes: number } } {
  const h = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      h.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { tap, digest: () => ({ sha256: h.digest('hex'), bytes }) };
}

/**
 * Writes a snapshot of the index `dbFile` into `outDir` (docs/decisions/snapshots.md): a
 * consistent copy (VACUUM INTO, so a serve or crawl writing the file meanwhile is no matter),
 * without this file's own state (sync checkpoints, crawl bookkeeping, the cursor key), zstd
 * compressed as a stream, then `manifest.json` naming it, written last and renamed into place,
 * so a reader of the folder never sees a manifest whose file is not complete.
 */
export async function writeSnapshot(dbFile: string, outDir: string, now = Date.now()): Promise<SnapshotManifest> {
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const tmpDb = join(outDir, `.copy-${randomBytes(6).toString('hex')}.db`);
  const src = openIndex(dbFile, { readonly: true });
  try {
    src.prepare('VACUUM INTO ?').run(tmpDb);
  } finally {
    src.close();
  }
  try {
    const copy = new Database(tmpDb);
    let manifest: Omit<SnapshotManifest, 'file' | 'bytes' | 'sha256' | 'dbBytes'>;
    try {
      for (const table of OWN_STATE_TABLES) copy.exec(`DELETE FROM ${table}`);
      copy.exec(`UPDATE meta SET value = lower(hex(randomblob(32))) WHERE key = 'cursor_secret'`);
      // What every client would do first is done here once: jobs past their 30 days go, and the
      // counts, facets and search terms are of exactly the rows sent, so a client adopts them as
      // they are and rebuilds nothing (docs/decisions/snapshots.md § Download, checks, adopting).
      purgeExpired(copy, now);
      if (countsStale(copy)) refreshStats(copy, now);
      if ((copy.pragma('freelist_count', { simple: true }) as number) > 0) copy.exec('VACUUM');
      // Checked before it is published, so clients need not read every page again: a client
      // checks the download's sha256 (damage in transit), its size, schema and counts.
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok')
        throw new Error(`${dbFile}: SQLite finds its copy damaged (${String(check)}); nothing was published`);
      const one = (sql: string) => copy.prepare<[], number>(sql).pluck().get() ?? 0;
      const marks = copy
        .prepare<[], { discovered: number | null; verified: number | null }>(
          "SELECT max(discovered_at) AS discovered, max(last_verified_at) AS verified FROM jobs WHERE status = 'active'",
        )
        .get()!;
      manifest = {
        format: 1,
        createdAt: new Date(now).toISOString(),
        schemaVersion: copy.pragma('user_version', { simple: true }) as number,
        indexVersion: getMeta(copy, 'index_version') ?? '',
        counts: {
          companies: one('SELECT count(*) FROM companies'),
          jobs: one('SELECT count(*) FROM jobs'),
          activeJobs: one("SELECT count(*) FROM jobs WHERE status = 'active'"),
        },
        marks:
          marks.discovered !== null && marks.verified !== null
            ? { discovered: marks.discovered, verified: marks.verified }
            : null,
      };
    } finally {
      copy.close();
    }
    const file = `index-${stamp}.db.zst`;
    const part = join(outDir, `.${file}.part`);
    const { tap, digest } = hashTap();
    await pipeline(createReadStream(tmpDb), new CompressStream(COMPRESSION), tap, createWriteStream(part));
    renameSync(part, join(outDir, file));
    const full: SnapshotManifest = { ...manifest, file, ...digest(), dbBytes: statSync(tmpDb).size };
    const tmpManifest = join(outDir, `.${MANIFEST_NAME}.tmp`);
    writeFileSync(tmpManifest, JSON.stringify(full, null, 2) + '\n');
    renameSync(tmpManifest, join(outDir, MANIFEST_NAME));
    pruneOld(outDir, file);
    return full;
  } finally {
    rmSync(tmpDb, { force: true });
  }
}

function pruneOld(outDir: string, newest: string): void {
  const old = readdirSync(outDir)
    .filter((f) => /^index-\d{8}T\d{6}Z\.db\.zst$/.test(f) && f !== newest)
    .sort()
    .reverse()
    .slice(KEEP - 1);
  for (const f of old) rmSync(join(outDir, f), { force: true });
}
