import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import type * as CrawlModule from '#service/crawl/crawl-boards';
import type * as PoolModule from '../../../electron/service/crawl/map-pool.js';
import { postingMapper } from '../../../electron/service/crawl/map-pool.js';
import { packageRoot } from '#service/paths';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { crawl, FAST_RETRY, fixture, readJobs, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Mapping postings on worker threads (map-pool.ts) must write exactly what mapping in-thread does.
// The worker runs tsc's output, so these tests load the built modules (built first when older
// than the sources).
const built = (path: string) => join(packageRoot, 'dist', 'electron', 'service', 'crawl', path);

const BOARDS: BoardRef[] = [
  { platform: 'greenhouse', token: 'acme' },
  { platform: 'lever', token: 'acme' },
  { platform: 'ashby', token: 'acme' },
  { platform: 'smartrecruiters', token: 'AcmeCo' },
];

describe('mapping postings on worker threads', () => {
  let server: ReplayServer;
  const inThread = tempIndex();
  const threaded = tempIndex();
  const at = Date.parse('2026-06-01T00:00:00Z');

  beforeAll(async () => {
    await ensureBuilt();
    if (!existsSync(built('map-worker.js')))
      throw new Error('dist/ is missing the built crawl worker: run `npm run build` first');
    server = await ReplayServer.start();
    for (const p of ['greenhouse', 'lever', 'ashby'] as const) server.setBoard(p, 'acme', fixture(`${p}-acme.json`));
    server.setBoard('smartrecruiters', 'AcmeCo', fixture('smartrecruiters-acme.json'));
    const details = JSON.parse(fixture('smartrecruiters-acme-details.json')) as Record<string, unknown>;
    for (const [id, d] of Object.entries(details)) server.setDetail('AcmeCo', id, d);
  });
  afterAll(async () => {
    await server.close();
    inThread.cleanup();
    threaded.cleanup();
  });

  it('maps on the calling thread when run from the sources', async () => {
    const m = postingMapper((html) => html, 4);
    expect(m.threads).toBe(0);
    await m.close();
  });

  it('the built mapper runs the threads it was given, and none when given 0', async () => {
    const pool = (await import(built('map-pool.js'))) as typeof PoolModule;
    const one = pool.postingMapper((html) => html, 1);
    const none = pool.postingMapper((html) => html, 0);
    try {
      expect([one.threads, none.threads]).toEqual([1, 0]);
    } finally {
      await Promise.all([one.close(), none.close()]);
    }
  });

  it('a crawl mapping on a worker thread writes the same jobs as one mapping in-thread', async () => {
    const { crawlBoards } = (await import(built('crawl-boards.js'))) as typeof CrawlModule;
    const a = await crawl(server, inThread.file, BOARDS, at);
    const b = await crawlBoards({
      indexFile: threaded.file,
      boards: BOARDS,
      apiBase: server.apiBase(),
      now: () => at,
      retry: FAST_RETRY,
      mapThreads: 1,
    });
    // Row ids and which company got the plain slug follow the order boards finished in: not compared.
    const rows = (file: string) =>
      readJobs(file).map((r) => {
        const {
          rid: _rid,
          company_cid: _cid,
          company_slug: _slug,
          ...row
        } = r as typeof r & { company_cid?: number; company_slug?: string };
        return row;
      });
    expect(b.boards.map((s) => [s.board.platform, s.state, s.added])).toEqual(
      a.boards.map((s) => [s.board.platform, s.state, s.added]),
    );
    expect(rows(threaded.file)).toHaveLength(8);
    expect(rows(threaded.file)).toEqual(rows(inThread.file));
  });
});
