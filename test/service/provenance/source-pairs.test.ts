import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { openIndex } from '#service/index-db/open-index';
import { retireBoard } from '../../../electron/service/index-db/write/retire-board.js';
import { buildIndex } from '#tools/generate/build-index';
import { fixture } from '../crawl/crawl-harness.js';
import { ReplayServer } from '../crawl/replay-server.js';
import { startFaultProxy } from '../sync/fault-proxy.js';
import { startUpstream, testNow, type Upstream } from '../sync/sync-harness.js';
import {
  activeIds,
  crawl,
  jobsOf,
  saveJob,
  savedClosedAt,
  searchCount,
  sync,
  tempFiles,
} from './provenance-harness.js';

// Every pair of sources (the sample, an upstream, a followed board) in both orders: what remains
// after each run, that no saved job is falsely closed, and that no posting appears twice
// (docs/decisions/provenance.md).
const BOARDS: BoardRef[] = [
  { platform: 'greenhouse', token: 'acme' },
  { platform: 'lever', token: 'acme' },
];
const UPSTREAM_JOBS = 120;

describe('sources compose', () => {
  let server: ReplayServer;
  let up: Upstream;
  let upActive: string[];
  let files: ReturnType<typeof tempFiles>;
  beforeAll(async () => {
    up = await startUpstream(UPSTREAM_JOBS, 2611);
    upActive = activeIds(up.file);
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

  const meta = (file: string, key: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck().get(key);
    } finally {
      db.close();
    }
  };
  const sampleIndex = (file: string) => buildIndex(file, { jobs: 80, seed: 9, now: testNow() });

  it('board, then upstream: the sync removes nothing crawled and closes no saved crawled job', async () => {
    await crawl(server, files.index, BOARDS);
    const crawled = activeIds(files.index);
    expect(crawled).toHaveLength(4);
    await saveJob(files.index, files.user, crawled[1]!);
    const r = await sync(files.index, up.url, files.user);
    expect([r.purged, r.expired]).toEqual([0, 0]);
    expect(activeIds(files.index).sort()).toEqual([...crawled, ...upActive].sort());
    expect(savedClosedAt(files.user, crawled[1]!)).toBeNull();
    expect(searchCount(files.index)).toBe(crawled.length + upActive.length);
  });

  it('upstream, then board: the crawl keeps the synced jobs, the next sync keeps the crawled ones', async () => {
    await sync(files.index, up.url);
    await saveJob(files.index, files.user, upActive[0]!);
    const c = await crawl(server, files.index, BOARDS, files.user);
    expect(c.boards.map((b) => [b.added, b.expired])).toEqual([
      [2, 0],
      [2, 0],
    ]);
    const crawled = activeIds(files.index).filter((id) => !upActive.includes(id));
    expect(crawled).toHaveLength(4);
    const r = await sync(files.index, up.url, files.user);
    expect([r.purged, r.expired]).toEqual([0, 0]);
    expect(activeIds(files.index).sort()).toEqual([...crawled, ...upActive].sort());
    expect(savedClosedAt(files.user, upActive[0]!)).toBeNull();
  });

  it('sample, then upstream: the sample leaves (and says so); only the upstream remains', async () => {
    sampleIndex(files.index);
    expect(meta(files.index, 'sample_data')).toBe('1');
    await sync(files.index, up.url);
    expect(activeIds(files.index).sort()).toEqual([...upActive].sort());
    expect(meta(files.index, 'sample_data')).toBeUndefined();
    expect(meta(files.index, 'sample_cleared_at')).toBeDefined();
    // A crawl after it brings no sample back.
    await crawl(server, files.index, BOARDS);
    expect(activeIds(files.index)).toHaveLength(upActive.length + 4);
  });

  it('sample, then board: the crawl clears the sample; a sync after it brings none back', async () => {
    sampleIndex(files.index);
    await crawl(server, files.index, BOARDS);
    expect(activeIds(files.index)).toHaveLength(4);
    expect(meta(files.index, 'sample_data')).toBeUndefined();
    await sync(files.index, up.url);
    expect(activeIds(files.index)).toHaveLength(4 + upActive.length);
  });

  it('a board read empty removes nothing of any source', async () => {
    await sync(files.index, up.url);
    await crawl(server, files.index, BOARDS);
    const before = activeIds(files.index);
    server.fault('greenhouse', 'acme', { empty: true });
    server.fault('lever', 'acme', { empty: true });
    const c = await crawl(server, files.index, BOARDS);
    expect(c.boards.map((b) => [b.state, b.expired])).toEqual([
      ['anomaly', 0],
      ['anomaly', 0],
    ]);
    expect(activeIds(files.index)).toEqual(before);
  });

  it('an upstream failing mid-sync removes nothing of any source', async () => {
    await crawl(server, files.index, BOARDS);
    await sync(files.index, up.url);
    const before = activeIds(files.index);
    const proxy = await startFaultProxy(up.url);
    try {
      // Another address, so another upstream: it holds none of the local jobs, so it reconciles
      // every company, and every CompaniesService.ListJobs answers 503: the run fails there.
      proxy.setPlan((path: string) => (path.endsWith('/ListJobs') ? { kind: 'status', status: 503 } : undefined));
      await expect(sync(files.index, proxy.url)).rejects.toThrow();
      expect(activeIds(files.index)).toEqual(before);
    } finally {
      await proxy.close();
    }
  });

  it('unfollowing a board keeps what another source still holds, removes the rest', async () => {
    await crawl(server, files.index, BOARDS);
    const crawled = activeIds(files.index);
    await sync(files.index, up.url);
    const db = openIndex(files.index);
    try {
      expect(retireBoard(db, 'greenhouse:acme')).toBe(2);
    } finally {
      db.close();
    }
    expect(activeIds(files.index)).toHaveLength(2 + upActive.length);
    expect(jobsOf(files.index).filter((j) => crawled.includes(j.id) && j.status === 'expired')).toHaveLength(2);
  });
});
