import Database from 'better-sqlite3';
import { ADAPTERS } from '../../../electron/service/crawl/platforms/index.js';
import { crawl, PATIENT_RETRY, tempIndex } from '../crawl/crawl-harness.js';
import { realBoards } from '../crawl/realjobs.js';
import { ReplayServer } from '../crawl/replay-server.js';

export interface CrawledPosting {
  id: string;
  postingUrl: string | null;
  company: string;
  title: string;
  status: string;
  foldKey: string | null;
  postedAt: number | null;
}

/** Every real board of ../shared/data/realjobs crawled through a local replay server into a fresh index. */
export async function crawlRealBoards(
  at = Date.parse('2026-09-01T00:00:00Z'),
): Promise<{ file: string; postings: CrawledPosting[]; cleanup(): void }> {
  const boards = realBoards().filter((b) => ADAPTERS[b.platform]);
  const server = await ReplayServer.start();
  const idx = tempIndex();
  try {
    for (const b of boards) server.setBoard(b.platform, b.token, b.body);
    await crawl(
      server,
      idx.file,
      boards.map((b) => ({ platform: b.platform, token: b.token })),
      at,
      PATIENT_RETRY,
    );
  } finally {
    await server.close();
  }
  const db = new Database(idx.file, { readonly: true });
  const postings = db
    .prepare(
      `SELECT id, posting_url AS postingUrl, company_name AS company, title, status, fold_key AS foldKey, posted_at AS postedAt FROM jobs ORDER BY company_name, title`,
    )
    .all() as CrawledPosting[];
  db.close();
  return { file: idx.file, postings, cleanup: idx.cleanup };
}
