// Sync from an upstream's snapshot (docs/decisions/snapshots.md): the same index as a List + Get
// pull, resumable, refused when corrupt with nothing changed, and never at the cost of a followed
// board's jobs. The upstream runs in this process: the RPCs of a generated index and `/snapshot/`.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED_RETENTION_MS } from '#shared/rules/limits';
import { createHttpServer, type HttpServer } from '#server/http-server';
import { snapshotFiles } from '#server/snapshot-files';
import type { StaticFiles } from '#server/static-files';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { getMeta } from '#service/index-db/meta';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { MANIFEST_NAME, type SnapshotManifest } from '#service/snapshot/manifest';
import { writeSnapshot } from '#service/snapshot/write-snapshot';
import { downloadFiles } from '../../../electron/service/sync/snapshot-download.js';
import { syncIndex, type SyncProgress } from '#service/sync/sync-index';
import { buildIndex } from '#tools/generate/build-index';
import { putBoardJob } from './snapshot-upstream.js';
import { answers, localClients, testNow } from './sync-harness.js';

let dir: string;
let upFile: string;
let snapDir: string;
let manifest: SnapshotManifest;
let upDb: IndexDb;
let http: HttpServer;
let url: string;
/** Set by a test: how the next snapshot file request is answered instead of the folder's. */
let onFile: ((res: ServerResponse, bytes: Buffer) => boolean) | undefined;
const now = testNow();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jobindex-snap-'));
  upFile = join(dir, 'upstream.sqlite');
  buildIndex(upFile, { jobs: 300, seed: 21, now });
  snapDir = join(dir, 'snapshots');
  manifest = await writeSnapshot(upFile, snapDir, now);
  upDb = openIndex(upFile, { readonly: true });
  const folder = snapshotFiles(snapDir);
  const snapshots: StaticFiles = (req, res, path) => {
    if (onFile && path.endsWith('.zst') && !req.headers.range) {
      const take = onFile;
      onFile = undefined;
      if (take(res, readFileSync(join(snapDir, manifest.file)))) return true;
    }
    return folder(req, res, path);
  };
  http = createHttpServer({ handlers: createHandlers(indexRoutes(createIndexContext(upDb))), snapshots });
  url = await http.listen(0, '127.0.0.1');
}, 120_000);
afterAll(async () => {
  await http?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A local index as the app starts with: another generated index (the bundled sample). */
function freshLocal(name: string): string {
  const file = join(dir, `${name}.sqlite`);
  buildIndex(file, { jobs: 40, seed: 99, now });
  return file;
}

/**
 * Every row of every job, by id, without the file's own keys (rid, company row, pay order key)
 * and the description, compared as every read serves it (sanitized) through Get instead.
 */
function jobRows(db: IndexDb): Map<string, unknown> {
  const rows = db
    .prepare(
      `SELECT j.*, c.id AS company_id,
      (SELECT json_group_array(json_array(ord, city, region, country, text, remote)) FROM job_locations WHERE job_rid = j.rid) AS locs
    FROM jobs j JOIN companies c ON c.cid = j.company_cid`,
    )
    .all() as Array<Record<string, unknown>>;
  return new Map(rows.map(({ rid: _r, company_cid: _c, pay_rowid: _p, ...r }) => [r.id as string, r]));
}

/** What refreshStats derives from the jobs, less the rid percentiles (rids are each file's own). */
function derived(db: IndexDb): Record<string, unknown> {
  return {
    facets: db.prepare('SELECT field, value, label, count FROM facet_counts ORDER BY field, value').all(),
    quantiles: db.prepare("SELECT field, q, value FROM quantiles WHERE field <> 'rid' ORDER BY field, q").all(),
    terms: db.prepare('SELECT term, docs FROM search_terms ORDER BY term').all(),
    activeJobs: getMeta(db, 'active_jobs'),
  };
}

function fileBytes(file: string): Buffer {
  return readFileSync(file);
}

describe('sync from a snapshot', { timeout: 180_000 }, () => {
  it('`snapshot` writes a compressed consistent copy and a manifest the folder serves, byte ranges too', async () => {
    expect(manifest.counts).toEqual({
      companies: upDb.prepare('SELECT count(*) FROM companies').pluck().get(),
      // Jobs expired past their 30 days are not sent: every client would purge them first.
      jobs: upDb
        .prepare("SELECT count(*) FROM jobs WHERE status = 'active' OR expired_at >= ?")
        .pluck()
        .get(now - EXPIRED_RETENTION_MS),
      activeJobs: upDb.prepare("SELECT count(*) FROM jobs WHERE status = 'active'").pluck().get(),
    });
    expect(manifest.marks!.discovered).toBe(
      upDb.prepare("SELECT max(discovered_at) FROM jobs WHERE status = 'active'").pluck().get(),
    );
    expect(manifest.bytes).toBeLessThan(manifest.dbBytes / 2);
    const served = await fetch(`${url}/snapshot/${MANIFEST_NAME}`).then((r) => r.json());
    expect(served).toEqual(manifest);
    const part = await fetch(`${url}/snapshot/${manifest.file}`, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${manifest.bytes}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(readFileSync(join(snapDir, manifest.file)).subarray(10, 20));
    expect(
      (await fetch(`${url}/snapshot/${manifest.file}`, { headers: { Range: `bytes=${manifest.bytes}-` } })).status,
    ).toBe(416);
    // Only the writer's names: nothing else in the folder, nothing outside it.
    expect((await fetch(`${url}/snapshot/..%2Fupstream.sqlite`)).status).toBe(404);
  });

  it('equals a List + Get sync of the same upstream, every job and field', async () => {
    const a = openIndex(freshLocal('from-snapshot'));
    const b = openIndex(freshLocal('list-get'));
    try {
      const events: SyncProgress[] = [];
      const ra = await syncIndex({ upstream: url, db: a, onProgress: (p) => events.push(p) });
      expect(ra.snapshot).toMatchObject({ used: true, bytesDownloaded: manifest.bytes, resumedFrom: 0, kept: 0 });
      // The walk after it was incremental, from the manifest's marks: no job fetched again.
      expect(ra.full).toBe(false);
      expect(ra.details).toBe(0);
      expect(events.filter((e) => e.phase === 'snapshot').at(-1)).toMatchObject({
        done: manifest.bytes,
        total: manifest.bytes,
      });
      const rb = await syncIndex({ upstream: url, db: b, snapshot: 'never' });
      expect(rb.snapshot.used).toBe(false);
      expect(rb.full).toBe(true);
      expect(await answers(localClients(a))).toEqual(await answers(localClients(b)));
      const rowsA = jobRows(a);
      const rowsB = jobRows(b);
      // List + Get pulls active jobs; the snapshot also holds the upstream's expired ones, as its Get answers them.
      for (const [id, row] of rowsB) {
        expect(rowsA.get(id), id).toEqual(row);
        expect(await localClients(a).jobs.get({ id }), id).toEqual(await localClients(b).jobs.get({ id }));
      }
      const extra = [...rowsA.keys()].filter((id) => !rowsB.has(id));
      for (const id of extra)
        expect(await localClients(a).jobs.get({ id })).toEqual(await localClients(upDb).jobs.get({ id }));
      expect(a.pragma('integrity_check', { simple: true })).toBe('ok');
      // What searches count with (facets, percentiles, search terms) is the snapshot's as it came,
      // not rebuilt after it (its stats_at is the writer's), and equal to what List + Get built.
      expect(derived(a)).toEqual(derived(b));
      expect(getMeta(a, 'stats_at')).toBe(String(now));
      expect(getMeta(b, 'stats_at')).not.toBe(String(now));
      // A second sync is incremental and uses no snapshot.
      const again = await syncIndex({ upstream: url, db: a });
      expect(again.snapshot.used).toBe(false);
    } finally {
      a.close();
      b.close();
    }
  });

  it('a spec-only upstream (no snapshot) is pulled with List + Get as before', async () => {
    const plain = createHttpServer({ handlers: createHandlers(indexRoutes(createIndexContext(upDb))) });
    const plainUrl = await plain.listen(0, '127.0.0.1');
    const db = openIndex(freshLocal('spec-only'));
    try {
      const r = await syncIndex({ upstream: plainUrl, db });
      expect(r.snapshot).toEqual({ used: false, reason: 'the upstream offers no snapshot' });
      expect(r.full).toBe(true);
      expect(r.jobsWritten).toBe(manifest.counts.activeJobs);
    } finally {
      db.close();
      await plain.close();
    }
  });

  it('a download cut short resumes from where it stopped, and a cancelled one leaves the index as it was', async () => {
    const file = freshLocal('resume');
    const before = fileBytes(file);
    // Cancelled mid-download: the index is untouched, the bytes so far are kept.
    const abort = new AbortController();
    onFile = (res, bytes) => {
      res.writeHead(200, { 'Content-Length': String(bytes.length) });
      // The rest never comes; the person cancels once the first bytes are on disk.
      res.write(bytes.subarray(0, 100_000), () => setTimeout(() => abort.abort(new Error('cancelled')), 500));
      return true;
    };
    await expect(syncIndex({ upstream: url, indexFile: file, signal: abort.signal })).rejects.toThrow();
    expect(fileBytes(file).equals(before)).toBe(true);
    const { part } = downloadFiles(file);
    const kept = statSync(part).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(manifest.bytes);
    // The connection drops mid-body: the same run asks for the rest with a Range request.
    onFile = (res, bytes) => {
      res.writeHead(200, { 'Content-Length': String(bytes.length) });
      res.write(bytes.subarray(0, 50_000), () => res.destroy());
      return true;
    };
    const r = await syncIndex({ upstream: url, indexFile: file });
    expect(r.snapshot).toMatchObject({ used: true, resumedFrom: kept });
    expect(r.snapshot.bytesDownloaded).toBe(manifest.bytes - kept);
    const db = openIndex(file, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(manifest.counts.jobs - r.purged);
    } finally {
      db.close();
    }
    expect(() => statSync(part)).toThrow();
  });

  it('a corrupt or truncated snapshot is refused with a clear error and nothing changed', async () => {
    const file = freshLocal('corrupt');
    const copy = join(dir, 'corrupt-before.sqlite');
    copyFileSync(file, copy);
    const flipped = (res: ServerResponse, bytes: Buffer) => {
      const bad = Buffer.from(bytes);
      bad[Math.floor(bad.length / 2)]! ^= 0xff;
      res.writeHead(200, { 'Content-Length': String(bad.length) });
      res.end(bad);
      return true;
    };
    onFile = flipped;
    await expect(syncIndex({ upstream: url, indexFile: file })).rejects.toThrow(
      /snapshot .* is corrupt: its sha256 is [0-9a-f]{64}, the manifest says .*nothing was changed/,
    );
    expect(fileBytes(file).equals(fileBytes(copy))).toBe(true);
    expect(() => statSync(downloadFiles(file).part)).toThrow();
    // A file that passes its sha256 but is no index (a manifest written for other bytes).
    const other = join(dir, 'other-snapshots');
    const m = await writeSnapshot(upFile, other, now);
    const junk = Buffer.from('not zstd at all, '.repeat(1000));
    writeFileSync(join(other, m.file), junk);
    const { createHash } = await import('node:crypto');
    writeFileSync(
      join(other, MANIFEST_NAME),
      JSON.stringify({ ...m, bytes: junk.length, sha256: createHash('sha256').update(junk).digest('hex') }),
    );
    const junkServer = createHttpServer({
      handlers: createHandlers(indexRoutes(createIndexContext(upDb))),
      snapshots: snapshotFiles(other),
    });
    const junkUrl = await junkServer.listen(0, '127.0.0.1');
    try {
      await expect(syncIndex({ upstream: junkUrl, indexFile: file })).rejects.toThrow(
        /snapshot index-.* is refused: it does not decompress.*nothing was changed/,
      );
      expect(fileBytes(file).equals(fileBytes(copy))).toBe(true);
    } finally {
      await junkServer.close();
    }
  });

  it("never removes a followed board's jobs: only the upstream's part of the index is replaced", async () => {
    const db = openIndex(freshLocal('followed'));
    try {
      const crawled = '0b0b0b0b-0000-4000-8000-000000000001';
      putBoardJob(db, crawled, 'Crawled Boardwalker', 'Oslo', now);
      const r = await syncIndex({ upstream: url, db });
      expect(r.snapshot).toMatchObject({ used: true, kept: 1 });
      const detail = await localClients(db).jobs.get({ id: crawled });
      expect(detail.title).toBe('Crawled Boardwalker');
      expect(detail.status).toBe('active');
      const found = await localClients(db).jobs.list({ query: { query: 'boardwalker' } });
      expect(found.data.map((c) => c.id)).toEqual([crawled]);
      // The upstream's jobs (less those its commit purged, expired over 30 days ago) and the board's one.
      expect(db.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(manifest.counts.jobs - r.purged + 1);
      // The walk after the import does not take it for a job the upstream lost.
      const again = await syncIndex({ upstream: url, db });
      expect(again.purged).toBe(0);
      expect((await localClients(db).jobs.get({ id: crawled })).status).toBe('active');
    } finally {
      db.close();
    }
  });
});
