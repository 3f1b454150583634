// The snapshot's file installed as the index (docs/decisions/snapshots.md § Installing the file):
// when the sync's own connection is the index's only one, the unpacked snapshot takes the index's
// place by a rename, instead of being copied into it page by page. Both ways leave the same index;
// another connection open on the index keeps it to the page copy; a followed board's jobs stay.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import type { SnapshotManifest } from '#service/snapshot/manifest';
import { syncIndex } from '#service/sync/sync-index';
import { buildIndex } from '#tools/generate/build-index';
import { snapshotUpstream, putBoardJob, type SnapshotUpstream } from './snapshot-upstream.js';
import { answers, localClients, testNow } from './sync-harness.js';

let dir: string;
let up: SnapshotUpstream;
let url: string;
let manifest: SnapshotManifest;
let sample: string;
const now = testNow();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jobindex-snap-install-'));
  up = await snapshotUpstream(dir, 300, 31, now);
  ({ manifest, url } = up);
  // The bundled sample a desktop starts with; each test syncs a copy of it.
  sample = join(dir, 'sample.sqlite');
  buildIndex(sample, { jobs: 40, seed: 99, now });
}, 120_000);
afterAll(async () => {
  await up?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function local(name: string): string {
  const file = join(dir, `${name}.sqlite`);
  copyFileSync(sample, file);
  return file;
}

/** Everything a person or the next sync reads of the index, less the file's own row keys and its new version. */
function contents(db: IndexDb): Record<string, unknown> {
  const all = (sql: string) => db.prepare(sql).all();
  return {
    check: db.pragma('integrity_check', { simple: true }),
    jobs: all(`SELECT j.*, c.id AS company FROM jobs j JOIN companies c ON c.cid = j.company_cid ORDER BY j.id`).map(
      (r) => ({ ...(r as object), rid: undefined, company_cid: undefined, pay_rowid: undefined }),
    ),
    companies: all('SELECT id, name, active_job_count FROM companies ORDER BY id'),
    sources: all('SELECT * FROM job_sources ORDER BY job_id, source'),
    meta: all("SELECT key, value FROM meta WHERE key <> 'index_version' ORDER BY key"),
    syncState: all("SELECT name FROM sqlite_master WHERE name LIKE 'sync_%' ORDER BY name").map((t) =>
      all(`SELECT * FROM ${(t as { name: string }).name}`),
    ),
    facets: all('SELECT field, value, label, count FROM facet_counts ORDER BY field, value'),
    terms: all('SELECT term, docs FROM search_terms ORDER BY term'),
    search: all(
      "SELECT j.id FROM job_search s JOIN jobs j ON j.rid = s.rowid WHERE job_search MATCH 'engineer' ORDER BY j.id",
    ),
  };
}

describe("the snapshot's file installed as the index", { timeout: 180_000 }, () => {
  it('leaves the same index as the page copy, which another open connection keeps it to', async () => {
    const alone = local('alone');
    const shared = local('shared');
    const ra = await syncIndex({ upstream: url, indexFile: alone, now: () => now });
    expect(ra.snapshot).toMatchObject({ used: true, install: 'file', kept: 0, jobs: manifest.counts.jobs });
    expect(ra.details).toBe(0);
    // Another connection on the index (the app's readers, a `serve`): it must see the new index, so the pages are copied.
    const reader = openIndex(shared, { readonly: true });
    try {
      const rb = await syncIndex({ upstream: url, indexFile: shared, now: () => now });
      expect(rb.snapshot).toMatchObject({ used: true, install: 'pages', kept: 0 });
      expect(reader.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(manifest.counts.jobs - rb.purged);
    } finally {
      reader.close();
    }
    const a = openIndex(alone);
    const b = openIndex(shared);
    try {
      expect(contents(a)).toEqual(contents(b));
      expect(await answers(localClients(a))).toEqual(await answers(localClients(b)));
      // Back in WAL mode, as every index is, with nothing of the download left beside it.
      expect(a.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      a.close();
      b.close();
    }
    for (const rest of ['.snapshot.zst', '.snapshot.json', '.snapshot.db', '.snapshot.db-journal'])
      expect(existsSync(`${alone}${rest}`), rest).toBe(false);
    // The next sync is incremental from the snapshot's marks.
    const again = await syncIndex({ upstream: url, indexFile: alone, now: () => now });
    expect(again.snapshot.used).toBe(false);
    expect(again.full).toBe(false);
  });

  it("keeps a followed board's jobs when the file is installed", async () => {
    const file = local('followed');
    const crawled = '0b0b0b0b-0000-4000-8000-000000000002';
    const db = openIndex(file);
    try {
      putBoardJob(db, crawled, 'Crawled Lighthousekeeper', 'Bergen', now);
    } finally {
      db.close();
    }
    const r = await syncIndex({ upstream: url, indexFile: file, now: () => now });
    expect(r.snapshot).toMatchObject({ used: true, install: 'file', kept: 1 });
    const after = openIndex(file);
    try {
      expect((await localClients(after).jobs.get({ id: crawled })).title).toBe('Crawled Lighthousekeeper');
      const found = await localClients(after).jobs.list({ query: { query: 'lighthousekeeper' } });
      expect(found.data.map((c) => c.id)).toEqual([crawled]);
      // The crawl's bookkeeping of the board is the local file's own, and stays.
      expect(after.prepare('SELECT count(*) FROM crawl_postings WHERE job_id = ?').pluck().get(crawled)).toBe(1);
      expect(after.prepare('SELECT count(*) FROM jobs').pluck().get()).toBe(manifest.counts.jobs - r.purged + 1);
    } finally {
      after.close();
    }
  });
});
