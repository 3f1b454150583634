import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { FAST_RETRY, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

const lever = (i: number) => [
  {
    id: `p${i}`,
    text: `Role ${i}`,
    categories: { location: 'Oslo, Norway' },
    description: `<p>Role ${i}.</p>`,
    hostedUrl: `https://jobs.lever.co/b${i}/p${i}`,
  },
];

describe('politeness', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  it('never has more requests in flight to one host than concurrencyPerHost', async () => {
    const boards: BoardRef[] = [];
    for (let i = 0; i < 12; i++) {
      server.setBoard('lever', `b${i}`, lever(i));
      server.fault('lever', `b${i}`, { delayMs: 60, times: 1 });
      boards.push({ platform: 'lever', token: `b${i}` });
    }
    const s = await crawlBoards({
      indexFile: idx.file,
      boards,
      apiBase: server.apiBase(),
      retry: FAST_RETRY,
      concurrencyPerHost: 2,
    });
    expect(s.boards.every((b) => b.state === 'ok' && b.added === 1)).toBe(true);
    expect(server.maxInFlight).toBe(2);
  });

  it('waits out a 429 with Retry-After, then reads the board', async () => {
    server.setBoard('lever', 'slow', lever(1));
    server.fault('lever', 'slow', { status: 429, retryAfter: '0', times: 1 });
    const s = await crawlBoards({
      indexFile: idx.file,
      boards: [{ platform: 'lever', token: 'slow' }],
      apiBase: server.apiBase(),
      retry: FAST_RETRY,
    });
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 1 });
    expect(server.requests.map((r) => r.path)).toEqual(['/v0/postings/slow?mode=json', '/v0/postings/slow?mode=json']);
  });
});
