// The other readers of untrusted bodies (issue 32 item 2): following a board probes it, and sync
// reads its upstream; neither holds more than its answer limit of what it was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLarge } from '#service/net/capped-body';
import { keepAliveFetch } from '../../../electron/service/net/keep-alive-fetch.js';
import { retryingFetch, DEFAULT_RETRY } from '../../../electron/service/net/retrying-fetch.js';
import { probeBoard } from '../../../electron/service/user-services/board-probe.js';
import { fixture } from './crawl-harness.js';
import { HostileServer } from './hostile-server.js';

describe('answers over the limit, outside the crawl', { timeout: 30_000 }, () => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await HostileServer.start();
    server.set('good', { kind: 'json', body: fixture('greenhouse-acme.json') });
    server.set('bomb', { kind: 'endless', bytes: 1 << 30, gzip: true });
    server.set('huge', { kind: 'endless', bytes: 200 << 20, gzip: false });
  });
  afterAll(() => server.close());

  it('board-probe reads the list capped: a bomb is "not this board", a real one still counts', async () => {
    const apiBase = { greenhouse: server.url };
    const heapBefore = process.memoryUsage().rss;
    expect(
      await probeBoard({ platform: 'greenhouse', token: 'bomb' }, { apiBase, maxBodyBytes: 2 << 20 }),
    ).toBeUndefined();
    expect(
      await probeBoard({ platform: 'greenhouse', token: 'huge' }, { apiBase, maxBodyBytes: 2 << 20 }),
    ).toBeUndefined();
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(200 << 20);
    expect(await probeBoard({ platform: 'greenhouse', token: 'good' }, { apiBase, maxBodyBytes: 2 << 20 })).toBe(3);
  });

  it("sync's fetch stops at the limit and does not retry it", async () => {
    let retries = 0;
    const f = retryingFetch(
      { ...DEFAULT_RETRY, retries: 3, baseDelayMs: 1, maxBodyBytes: 2 << 20 },
      { fetch: keepAliveFetch(4, 2 << 20), onRetry: () => retries++ },
    );
    await expect(f(`${server.url}/v1/boards/huge/jobs`)).rejects.toThrow(AnswerTooLarge);
    await expect(f(`${server.url}/v1/boards/huge/jobs`)).rejects.toThrow(/^answer larger than 2 MB/);
    expect(retries).toBe(0);
    // Node's own fetch (the crawl's) inflates gzip as it goes: counted after inflating.
    const g = retryingFetch(
      { ...DEFAULT_RETRY, retries: 3, baseDelayMs: 1, maxBodyBytes: 2 << 20 },
      { onRetry: () => retries++ },
    );
    await expect(g(`${server.url}/v1/boards/bomb/jobs`)).rejects.toThrow(/^answer larger than 2 MB/);
    expect(retries).toBe(0);
  });
});
