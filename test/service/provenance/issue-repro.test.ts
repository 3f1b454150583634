import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_PRESENT, realBoards } from '../crawl/realjobs.js';
import { ReplayServer } from '../crawl/replay-server.js';
import { startUpstream, type Upstream } from '../sync/sync-harness.js';
import { activeIds, crawl, jobsOf, saveJob, savedClosedAt, sync, tempFiles } from './provenance-harness.js';

// Issue 26's repro: two real boards crawled (replayed), one of their jobs saved, then a sync from
// an upstream that has never heard of them. Before provenance the sync purged every crawled job
// and closed the saved one.
describe(
  REALJOBS_PRESENT
    ? 'a sync after a crawl (real boards replayed from ../shared/data/realjobs)'
    : '../shared absent: the issue 26 repro',
  () => {
    it('finds the real payloads', () => {
      expect(REALJOBS_PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
    });
    if (!REALJOBS_PRESENT) return;

    const BOARDS = [
      { platform: 'greenhouse', token: 'luno' },
      { platform: 'lever', token: 'moo' },
    ] as const;
    let server: ReplayServer;
    let up: Upstream;
    const files = tempFiles();
    beforeAll(async () => {
      server = await ReplayServer.start();
      for (const b of realBoards().filter((r) => BOARDS.some((x) => x.platform === r.platform && x.token === r.token)))
        server.setBoard(b.platform, b.token, b.body);
      up = await startUpstream(400, 26);
    }, 120_000);
    afterAll(async () => {
      await server.close();
      await up.close();
      files.cleanup();
    });

    it('purges nothing crawled, closes no saved job, and the next crawl re-adds nothing', async () => {
      const first = await crawl(server, files.index, [...BOARDS]);
      expect(first.boards.map((b) => b.state)).toEqual(['ok', 'ok']);
      const crawled = activeIds(files.index);
      expect(crawled.length).toBe(first.boards.reduce((n, b) => n + b.added, 0));
      expect(crawled.length).toBeGreaterThan(10);
      const savedId = crawled[0]!;
      await saveJob(files.index, files.user, savedId);

      const synced = await sync(files.index, up.url, files.user);
      expect([synced.purged, synced.expired]).toEqual([0, 0]);
      const after = new Set(activeIds(files.index));
      for (const id of crawled) expect(after.has(id), id).toBe(true);
      expect(after.size).toBe(crawled.length + 400 - jobsOf(up.file).filter((j) => j.status !== 'active').length);
      expect(savedClosedAt(files.user, savedId)).toBeNull();

      // The schedulers' next cycle: the crawl re-adds nothing, the sync removes nothing.
      const again = await crawl(server, files.index, [...BOARDS], files.user);
      expect(again.boards.map((b) => [b.added, b.expired])).toEqual([
        [0, 0],
        [0, 0],
      ]);
      const resynced = await sync(files.index, up.url, files.user);
      expect([resynced.purged, resynced.expired]).toEqual([0, 0]);
      expect(new Set(activeIds(files.index))).toEqual(after);
      expect(savedClosedAt(files.user, savedId)).toBeNull();
    });
  },
);
