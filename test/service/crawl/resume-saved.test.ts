import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawlBoards } from '#service/crawl/crawl-boards';
import type { SavedJobCheck } from '../../../electron/service/sync/saved-jobs-port.js';
import { crawl, FAST_RETRY, fixture, readJobs, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

const BOARDS: BoardRef[] = [
  { platform: 'greenhouse', token: 'acme' },
  { platform: 'lever', token: 'acme' },
  { platform: 'ashby', token: 'acme' },
];

describe('resume and saved jobs', () => {
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

  it('an interrupted crawl resumes: finished boards are not read again', async () => {
    const abort = new AbortController();
    // The last board in key order (boards write in that order, issue 32) hangs until the crawl is stopped.
    server.fault('lever', 'acme', { delayMs: 400, times: 1 });
    const first = crawlBoards({
      indexFile: idx.file,
      boards: BOARDS,
      apiBase: server.apiBase(),
      retry: FAST_RETRY,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.boardsDone === 2) abort.abort(new Error('interrupted'));
      },
    });
    await expect(first).rejects.toThrow('interrupted');
    const readBefore = server.requests.length;
    const done = await crawl(server, idx.file, BOARDS);
    const paths = server.requests.slice(readBefore).map((r) => r.path);
    expect(paths).toEqual(['/v0/postings/acme?mode=json']);
    expect(done.boards.map((b) => [b.board.platform, b.state, b.added])).toEqual([
      ['greenhouse', 'ok', 2],
      ['lever', 'ok', 2],
      ['ashby', 'ok', 2],
    ]);
    // The run is over: the next crawl reads every board again.
    const before = server.requests.length;
    await crawl(server, idx.file, BOARDS);
    expect(server.requests.length - before).toBe(3);
  });

  it("saved jobs hear their board's verdict: active while listed, expired once gone", async () => {
    await crawl(server, idx.file, BOARDS, Date.parse('2026-06-01T00:00:00Z'));
    const saved = readJobs(idx.file).find((j) => j.title === 'Junior Mechanic')!;
    const heard: Array<[string, SavedJobCheck]> = [];
    const port = {
      savedJobIds: () => [saved.id.toUpperCase()],
      recordCheck: (id: string, c: SavedJobCheck) => void heard.push([id, c]),
    };
    const lever = JSON.parse(fixture('lever-acme.json')) as unknown[];
    await crawlBoards({
      indexFile: idx.file,
      boards: BOARDS,
      apiBase: server.apiBase(),
      retry: FAST_RETRY,
      savedJobs: port,
    });
    server.setBoard('lever', 'acme', lever.slice(0, 1));
    await crawlBoards({
      indexFile: idx.file,
      boards: BOARDS,
      apiBase: server.apiBase(),
      retry: FAST_RETRY,
      savedJobs: port,
    });
    expect(heard.map(([id, c]) => [id, c.kind, c.kind === 'detail' ? c.detail.status : ''])).toEqual([
      [saved.id, 'detail', 'active'],
      [saved.id, 'detail', 'expired'],
    ]);
  });
});
