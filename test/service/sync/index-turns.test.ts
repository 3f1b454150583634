import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { IndexTurns } from '#service/sync/index-turns';
import { openUserDb } from '#service/user-db/open-user-db';
import { Sources } from '../../../electron/service/user-services/sources.js';
import { replayBases, startBoardReplay, type Replay } from '../user/board-replay.js';

// In the app, background sync and crawls take turns on the index (issue 26): app-service.ts runs
// each sync through the same IndexTurns the Sources' crawls use. No Electron here: the queue and
// the crawl engine as the worker runs them.

let replay: Replay;
beforeAll(async () => {
  replay = await startBoardReplay();
});
afterAll(() => replay.close());

function held(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('one turn at a time on the index', () => {
  it('a crawl asked during a sync waits for it, and says so; then runs', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jobindex-turns-'));
    const indexFile = join(dir, 'index.sqlite');
    copyFileSync(inject('fixtureIndex'), indexFile);
    const user = openUserDb(join(dir, 'user.sqlite'));
    const turns = new IndexTurns();
    const sources = new Sources(
      user,
      { indexFile, apiBase: replayBases(replay.url), background: false, turns },
      undefined,
    );
    try {
      const sync = held();
      const order: string[] = [];
      const syncRun = turns.run('sync', async () => {
        order.push('sync start');
        await sync.promise;
        order.push('sync end');
      });
      const crawl = sources.crawl([{ platform: 'greenhouse', token: 'acme' }]).then((s) => {
        order.push('crawl end');
        return s;
      });
      // The crawl engine loads first (on a busy machine, seconds), then the crawl queues behind the sync.
      await vi.waitFor(() => expect(turns.waitingFor('crawl')).toBe('sync'), { timeout: 60_000, interval: 100 });
      expect(turns.running).toBe('sync');
      expect(sources.isPending('greenhouse:acme')).toBe(true);
      // Not one request to the board while the sync holds the index.
      expect(replay.asked.filter((p) => p.startsWith('/v1/boards/acme/jobs'))).toEqual([]);
      sync.release();
      await syncRun;
      const summary = await crawl;
      expect(summary.boards[0]).toMatchObject({ state: 'ok', postings: 2 });
      expect(order).toEqual(['sync start', 'sync end', 'crawl end']);
      expect(turns.waitingFor('crawl')).toBeUndefined();
    } finally {
      await sources.stop();
      user.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a sync asked during a crawl waits for it; a failed run still hands the turn on', async () => {
    const turns = new IndexTurns();
    const crawl = held();
    const order: string[] = [];
    const crawlRun = turns.run('crawl', async () => {
      order.push('crawl start');
      await crawl.promise;
      throw new Error('the board failed');
    });
    const syncRun = turns.run('sync', async () => {
      order.push('sync start');
      return 7;
    });
    await settle();
    expect(order).toEqual(['crawl start']);
    expect(turns.waitingFor('sync')).toBe('crawl');
    crawl.release();
    await expect(crawlRun).rejects.toThrow('the board failed');
    await expect(syncRun).resolves.toBe(7);
    expect(order).toEqual(['crawl start', 'sync start']);
    expect(turns.running).toBeUndefined();
  });
});
