import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import type { CrawlProgress } from '#service/crawl/crawl-types';
import { packageRoot } from '#service/paths';
import type { SavedJobCheck } from '../../../electron/service/sync/saved-jobs-port.js';
import type * as AsideModule from '../../../electron/service/crawl/crawl-aside.js';
import { ensureBuilt } from '../../helpers/built-dist.js';
import { crawl, FAST_RETRY, fixture, readJobs, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// In the app a crawl runs on a thread of its own (crawl-aside.ts), so the thread that answers
// searches never waits for it (issue 28). The thread runs tsc's output: these tests load the built
// module (built first when older than the sources) and hold it to what the in-thread crawl does.
const built = (path: string) => join(packageRoot, 'dist', 'electron', 'service', 'crawl', path);

const BOARDS: BoardRef[] = [
  { platform: 'greenhouse', token: 'acme' },
  { platform: 'lever', token: 'acme' },
  { platform: 'ashby', token: 'acme' },
];

describe('a crawl on a thread of its own', () => {
  let server: ReplayServer;
  let aside: typeof AsideModule.crawlAside;
  const files: ReturnType<typeof tempIndex>[] = [];
  const index = () => {
    const t = tempIndex();
    files.push(t);
    return t.file;
  };

  beforeAll(async () => {
    await ensureBuilt();
    if (!existsSync(built('crawl-thread.js')))
      throw new Error('dist/ is missing the built crawl thread: run `npm run build` first');
    aside = ((await import(built('crawl-aside.js'))) as typeof AsideModule).crawlAside;
    server = await ReplayServer.start();
    for (const p of ['greenhouse', 'lever', 'ashby'] as const) server.setBoard(p, 'acme', fixture(`${p}-acme.json`));
  });
  afterAll(async () => {
    await server.close();
    files.forEach((f) => f.cleanup());
  });

  it('writes the jobs the in-thread crawl writes, and relays its progress', async () => {
    const here = index();
    const there = index();
    const a = await crawl(server, here, BOARDS);
    const progress: CrawlProgress[] = [];
    const b = await aside({
      indexFile: there,
      boards: BOARDS,
      apiBase: server.apiBase(),
      retry: FAST_RETRY,
      onProgress: (p) => progress.push(p),
    });
    const brief = (s: typeof a) => s.boards.map((x) => [x.board.platform, x.state, x.added, x.postings]);
    expect(brief(b)).toEqual(brief(a));
    // Times differ between the two runs (each its own clock); what was read does not.
    const rows = (file: string) => readJobs(file).map((r) => [r.id, r.title, r.html]);
    expect(rows(there).length).toBeGreaterThan(0);
    expect(rows(there)).toEqual(rows(here));
    expect(progress.at(-1)).toMatchObject({ boardsDone: BOARDS.length, boardsTotal: BOARDS.length });
  });

  it('applies saved jobs’ checks through the asking thread’s port, before it resolves', async () => {
    const first = index();
    await crawl(server, first, BOARDS);
    const saved = readJobs(first)
      .slice(0, 2)
      .map((r) => r.id);
    const checks: Array<[string, SavedJobCheck['kind']]> = [];
    await aside({
      indexFile: index(),
      boards: BOARDS,
      apiBase: server.apiBase(),
      retry: FAST_RETRY,
      savedJobs: {
        savedJobIds: () => saved,
        recordCheck: async (id, check) => {
          await new Promise((r) => setTimeout(r, 5));
          checks.push([id, check.kind]);
        },
      },
    });
    expect(checks.sort()).toEqual(saved.map((id) => [id, 'detail']).sort());
  });

  it('stops when asked: rejects with the reason, and a later crawl resumes the run', async () => {
    const file = index();
    // Each board's first answer is slow: the stop arrives while every board is still being read.
    for (const b of BOARDS) server.fault(b.platform, b.token, { delayMs: 1_000, times: 1 });
    const stop = new AbortController();
    const reason = new Error('the crawl was stopped');
    const run = aside({
      indexFile: file,
      boards: BOARDS,
      apiBase: server.apiBase(),
      retry: { ...FAST_RETRY, timeoutMs: 5_000 },
      signal: stop.signal,
      onProgress: (p) => {
        if (p.boardsDone === 0) stop.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    const again = await aside({ indexFile: file, boards: BOARDS, apiBase: server.apiBase(), retry: FAST_RETRY });
    expect(again.boards.map((s) => s.state)).toEqual(['ok', 'ok', 'ok']);
  });

  it('a board that answers 500 or an empty list expires nothing of its own or of other boards', async () => {
    const file = index();
    const opts = { indexFile: file, boards: BOARDS, apiBase: server.apiBase(), retry: FAST_RETRY };
    await aside(opts);
    const before = readJobs(file).map((r) => [r.id, r.status]);
    server.fault('greenhouse', 'acme', { status: 500 });
    server.fault('lever', 'acme', { empty: true });
    const again = await aside(opts);
    server.fault('greenhouse', 'acme', undefined);
    server.fault('lever', 'acme', undefined);
    expect(again.boards.map((s) => [s.board.platform, s.state, s.expired])).toEqual([
      ['greenhouse', 'error', 0],
      ['lever', 'anomaly', 0],
      ['ashby', 'ok', 0],
    ]);
    expect(readJobs(file).map((r) => [r.id, r.status])).toEqual(before);
  });

  it('names a bad option as the in-thread crawl does', async () => {
    await expect(
      aside({ indexFile: index(), boards: BOARDS, apiBase: server.apiBase(), concurrencyPerHost: 0 }),
    ).rejects.toThrow('concurrencyPerHost: must be a whole number from 1 to 32, got 0');
  });
});
