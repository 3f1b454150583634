// What the snapshot tests share: an upstream that publishes a snapshot of a generated index, and
// a followed board's job written into a local index as the crawler writes it.
import { join } from 'node:path';
import { createHttpServer } from '#server/http-server';
import { snapshotFiles } from '#server/snapshot-files';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import type { SnapshotManifest } from '#service/snapshot/manifest';
import { writeSnapshot } from '#service/snapshot/write-snapshot';
import { buildIndex } from '#tools/generate/build-index';

export interface SnapshotUpstream {
  manifest: SnapshotManifest;
  url: string;
  close(): Promise<void>;
}

/** `jobs` generated jobs under `dir`, their snapshot written, served with it on loopback. */
export async function snapshotUpstream(
  dir: string,
  jobs: number,
  seed: number,
  now: number,
): Promise<SnapshotUpstream> {
  const file = join(dir, 'upstream.sqlite');
  buildIndex(file, { jobs, seed, now });
  const manifest = await writeSnapshot(file, join(dir, 'snapshots'), now);
  const db = openIndex(file, { readonly: true });
  const http = createHttpServer({
    handlers: createHandlers(indexRoutes(createIndexContext(db))),
    snapshots: snapshotFiles(join(dir, 'snapshots')),
  });
  const url = await http.listen(0, '127.0.0.1');
  return {
    manifest,
    url,
    async close() {
      await http.close();
      db.close();
    },
  };
}

/** A followed board's job, as the crawler writes it: the job, its crawl_postings row and its holder. */
export function putBoardJob(db: IndexDb, id: string, title: string, city: string, now: number): void {
  const w = new IndexWriter(db);
  const company = db.prepare('SELECT id FROM companies LIMIT 1').pluck().get() as string;
  w.transaction(() => {
    w.upsertJob({
      id,
      slug: 'crawled',
      title,
      companyId: company,
      locations: [{ city, country: 'NO', remote: false }],
      descriptionHtml: '<p>From a followed board.</p>',
      sourceType: 'ats',
      sourcePlatform: 'greenhouse',
      status: 'active',
      discoveredAt: now - 1000,
      lastSeenAt: now,
      lastScrapedAt: now,
      lastVerifiedAt: now,
    });
    db.prepare(
      "INSERT INTO crawl_postings (job_id, board_key, posting_id, hash) VALUES (?, 'greenhouse:acme', '1', 'h')",
    ).run(id);
    db.prepare("INSERT INTO job_sources (job_id, source, open, at) VALUES (?, 'board:greenhouse:acme', 1, ?)").run(
      id,
      now,
    );
  });
}
