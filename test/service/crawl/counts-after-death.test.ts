// Counts after a crawl died (issue 32 item 10): the boards it wrote are searchable, but the
// counts (active jobs, facets) were to be refreshed at its end. The next run repairs them first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { FAST_RETRY, fixture, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

function counts(file: string): { stated: number; active: number } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      stated: Number(db.prepare("SELECT value FROM meta WHERE key = 'active_jobs'").pluck().get() ?? 0),
      active: db.prepare("SELECT count(*) FROM jobs WHERE status = 'active'").pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('a crawl that died', { timeout: 60_000 }, () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', fixture('lever-acme.json'));
  });
  afterAll(async () => {
    await server.close();
    idx.cleanup();
  });

  it('leaves counts the next run repairs, even a run that changes nothing', async () => {
    const abort = new AbortController();
    await expect(
      crawlBoards({
        indexFile: idx.file,
        boards: [
          { platform: 'greenhouse', token: 'acme' },
          { platform: 'lever', token: 'acme' },
        ],
        apiBase: server.apiBase(),
        retry: FAST_RETRY,
        mapThreads: 0,
        signal: abort.signal,
        // Dies as soon as one board is written.
        onProgress: (p) => p.board && abort.abort(new Error('killed')),
      }),
    ).rejects.toThrow();
    const stale = counts(idx.file);
    expect(stale.active).toBeGreaterThan(0);
    expect(stale.stated).not.toBe(stale.active);
    // Another run, of a board that does not answer: it changes nothing, yet the counts are right.
    const r = await crawlBoards({
      indexFile: idx.file,
      boards: [{ platform: 'greenhouse', token: 'missing' }],
      apiBase: server.apiBase(),
      retry: FAST_RETRY,
      mapThreads: 0,
    });
    expect(r.boards[0]!.state).toBe('error');
    const after = counts(idx.file);
    expect(after.stated).toBe(after.active);
  });
});
