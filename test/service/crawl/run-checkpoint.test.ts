import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { crawl, FAST_RETRY, fixture, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

const BOARDS: BoardRef[] = [
  { platform: 'greenhouse', token: 'acme' },
  { platform: 'lever', token: 'acme' },
  { platform: 'ashby', token: 'acme' },
];

const stateRows = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { key: string; value: string }>(
        "SELECT key, value FROM crawl_state WHERE key LIKE 'run%' ORDER BY key",
      )
      .all();
  } finally {
    db.close();
  }
};

// The run's checkpoint at desktop scale (issue 28): one small row per finished board, never the
// whole list rewritten after each board.
describe('the crawl run checkpoint', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', fixture('lever-acme.json'));
    server.setBoard('ashby', 'acme', fixture('ashby-acme.json'));
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  const interrupted = async () => {
    const abort = new AbortController();
    // Boards write in board-key order (slugs never depend on timing): the last one, lever, is held.
    server.fault('lever', 'acme', { delayMs: 400, times: 1 });
    await expect(
      crawlBoards({
        indexFile: idx.file,
        boards: BOARDS,
        apiBase: server.apiBase(),
        retry: FAST_RETRY,
        signal: abort.signal,
        onProgress: (p) => {
          if (p.boardsDone === 2) abort.abort(new Error('interrupted'));
        },
      }),
    ).rejects.toThrow('interrupted');
  };

  it('keeps one row per finished board and a header that does not grow with the boards', async () => {
    await interrupted();
    const rows = stateRows(idx.file);
    expect(rows.map((r) => r.key)).toEqual(['run', 'run.done:ashby:acme', 'run.done:greenhouse:acme']);
    const header = rows[0]!.value;
    expect(header).not.toContain('acme');
    expect(header.length).toBeLessThan(200);
    // The run is over after a complete crawl: nothing of it is left.
    await crawl(server, idx.file, BOARDS);
    expect(stateRows(idx.file)).toEqual([]);
  });

  it('another set of boards starts a run of its own: the interrupted run’s finished boards are read again', async () => {
    await interrupted();
    // (The stopped crawl's last request may still land at the replay server: count by path.)
    const read = (from: number) => server.requests.slice(from).map((r) => r.path.split('?')[0]);
    const before = server.requests.length;
    await crawl(server, idx.file, [BOARDS[0]!]);
    expect(read(before)).toContain('/v1/boards/acme/jobs');
    const again = server.requests.length;
    await crawl(server, idx.file, BOARDS);
    expect(new Set(read(again))).toEqual(
      new Set(['/v1/boards/acme/jobs', '/v0/postings/acme', '/posting-api/job-board/acme']),
    );
  });
});
