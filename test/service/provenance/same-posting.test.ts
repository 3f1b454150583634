import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { openIndex } from '#service/index-db/open-index';
import { refreshStats } from '#service/index-db/write/refresh-stats';
import { retireBoard } from '../../../electron/service/index-db/write/retire-board.js';
import { fixture } from '../crawl/crawl-harness.js';
import { ReplayServer } from '../crawl/replay-server.js';
import { startUpstream, type Upstream } from '../sync/sync-harness.js';
import { activeIds, crawl, jobsOf, searchCount, sync, tempFiles } from './provenance-harness.js';

// The same posting from an upstream and a followed board is one job (docs/decisions/provenance.md).
const BOARDS: BoardRef[] = [
  { platform: 'greenhouse', token: 'acme' },
  { platform: 'lever', token: 'acme' },
];

function holders(file: string, id: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[string], string>('SELECT source FROM job_sources WHERE job_id = ? ORDER BY source')
      .pluck()
      .all(id);
  } finally {
    db.close();
  }
}

describe('one posting, two sources', () => {
  let server: ReplayServer;
  let up: Upstream;
  let files: ReturnType<typeof tempFiles>;
  beforeAll(async () => {
    up = await startUpstream(30, 2612);
  }, 120_000);
  afterAll(async () => {
    await up.close();
  });
  beforeEach(async () => {
    server = await ReplayServer.start();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', fixture('lever-acme.json'));
    files = tempFiles();
  });
  afterEach(async () => {
    await server.close();
    files.cleanup();
  });

  /** The upstream ran this app's crawler on the same boards: its jobs carry the same derived ids. */
  async function upstreamCrawled(): Promise<string[]> {
    await crawl(server, up.file, BOARDS);
    return activeIds(up.file);
  }

  /**
   * The upstream's copies under ids of its own (another crawler), naming the same posting pages.
   * A posting with no page of its own keeps its id: nothing else could say it is the same.
   */
  function reidUpstream(): void {
    const db = openIndex(up.file);
    try {
      const ids = db
        .prepare<[], string>(
          "SELECT id FROM jobs WHERE source_platform IN ('greenhouse', 'lever') AND posting_url IS NOT NULL",
        )
        .pluck()
        .all();
      for (const id of ids) db.prepare('UPDATE jobs SET id = ? WHERE id = ?').run(randomUUID(), id);
      db.prepare('DELETE FROM job_sources').run();
      refreshStats(db, Date.now() + 1000);
    } finally {
      db.close();
    }
  }

  it.each([
    ['crawl, then sync', false],
    ['sync, then crawl', true],
  ])(
    'an upstream that ran this crawler (same ids): %s gives each posting once, held by both',
    async (_name, syncFirst) => {
      const upIds = await upstreamCrawled();
      expect(upIds).toHaveLength(4);
      if (syncFirst) await sync(files.index, up.url);
      await crawl(server, files.index, BOARDS);
      if (!syncFirst) await sync(files.index, up.url);
      expect(activeIds(files.index).sort()).toEqual([...upIds].sort());
      expect(searchCount(files.index)).toBe(4);
      for (const id of upIds)
        expect(holders(files.index, id).map((s) => s.split(':')[0])).toEqual(['board', 'upstream']);
      // Unfollowing a board: the upstream still lists its postings, so they stay.
      const db = openIndex(files.index);
      try {
        expect(retireBoard(db, 'greenhouse:acme')).toBe(0);
      } finally {
        db.close();
      }
      expect(activeIds(files.index)).toHaveLength(4);
    },
  );

  it.each([
    ['crawl, then sync', false],
    ['sync, then crawl', true],
  ])(
    'an upstream whose detail names the same platform and posting page: %s gives one job',
    async (_name, syncFirst) => {
      await upstreamCrawled();
      reidUpstream();
      if (syncFirst) await sync(files.index, up.url);
      await crawl(server, files.index, BOARDS);
      if (!syncFirst) await sync(files.index, up.url);
      const jobs = jobsOf(files.index).filter((j) => j.status === 'active');
      expect(jobs).toHaveLength(4);
      expect(new Set(jobs.map((j) => j.posting_url)).size).toBe(4);
      // A second round changes nothing.
      await sync(files.index, up.url);
      await crawl(server, files.index, BOARDS);
      expect(activeIds(files.index).sort()).toEqual(jobs.map((j) => j.id).sort());
    },
  );

  it("a board's complete read closes its posting although the upstream still lists it; the next sync does not reopen it", async () => {
    const upIds = await upstreamCrawled();
    await sync(files.index, up.url);
    await crawl(server, files.index, BOARDS);
    // The posting leaves the local board only (the upstream's copy of the board is older).
    const gh = JSON.parse(fixture('greenhouse-acme.json')) as { jobs: unknown[]; meta?: { total: number } };
    server.setBoard(
      'greenhouse',
      'acme',
      JSON.stringify({ ...gh, jobs: gh.jobs.slice(1), meta: { total: gh.jobs.length - 1 } }),
    );
    const c = await crawl(server, files.index, BOARDS);
    expect(c.boards[0]!.expired).toBe(1);
    expect(activeIds(files.index)).toHaveLength(3);
    await sync(files.index, up.url);
    expect(activeIds(files.index)).toHaveLength(3);
    expect(upIds).toHaveLength(4);
  });
});
