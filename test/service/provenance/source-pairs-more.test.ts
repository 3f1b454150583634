import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { createHttpServer, type HttpServer } from '#server/http-server';
import { snapshotFiles } from '#server/snapshot-files';
import { DirectorySearch } from '#service/directory/directory-search';
import { selectBoards } from '#service/directory/select-boards';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { writeSnapshot } from '#service/snapshot/write-snapshot';
import { buildIndex } from '#tools/generate/build-index';
import { createIndexContext } from '../../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { createHandlers } from '../../../electron/service/rpc/router.js';
import { fixture } from '../crawl/crawl-harness.js';
import { ReplayServer } from '../crawl/replay-server.js';
import { startUpstream, testNow, type Upstream } from '../sync/sync-harness.js';
import { closedWhere } from '#shared/format/source-words';
import { savedJob } from '../../../electron/service/user-services/wire.js';
import {
  activeIds,
  crawl,
  saveJob,
  savedClosedAt,
  searchCount,
  sync,
  tempFiles,
  userSaved,
} from './provenance-harness.js';

// The pairs source-pairs.test.ts leaves out, in both orders: a directory set's crawl against an
// upstream's sync, a snapshot against a followed board and against a directory set, and a followed
// board against a directory set. After each run: what remains, no saved job falsely closed, no
// posting twice (docs/decisions/provenance.md).

/** A followed board. */
const FOLLOWED: BoardRef[] = [{ platform: 'greenhouse', token: 'acme' }];
/** A directory set: the boards a name search of the directory picks (one of them also followed). */
const directory = new DirectorySearch([
  { platform: 'greenhouse', key: 'acme', token: 'acme', name: 'Acme Rockets', sources: 4 },
  { platform: 'lever', key: 'acme', token: 'acme', name: 'Acme Lever', sources: 3 },
  { platform: 'recruitee', key: 'acme', token: 'acme', name: 'Acme Recruitee', sources: 2 },
  { platform: 'greenhouse', key: 'other', token: 'other', name: 'Other Co', sources: 4 },
]);
const SET: BoardRef[] = selectBoards(directory, { match: 'acme' }).boards;

/** No posting appears twice: active jobs, by platform and posting page, are each one row. */
function postingsOnce(file: string): void {
  const db = new Database(file, { readonly: true });
  try {
    const dupes = db
      .prepare(
        "SELECT posting_url, count(*) n FROM jobs WHERE status = 'active' AND posting_url IS NOT NULL GROUP BY source_platform, posting_url HAVING n > 1",
      )
      .all();
    expect(dupes).toEqual([]);
  } finally {
    db.close();
  }
}

/** Jobs a source of this kind holds open. */
function holdersOf(file: string, kind: 'board' | 'upstream'): number {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[string], number>(
        "SELECT count(DISTINCT job_id) FROM job_sources WHERE open = 1 AND source LIKE ? || ':%'",
      )
      .pluck()
      .get(kind)!;
  } finally {
    db.close();
  }
}

let server: ReplayServer;
let files: ReturnType<typeof tempFiles>;
beforeEach(async () => {
  server = await ReplayServer.start();
  server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
  server.setBoard('lever', 'acme', fixture('lever-acme.json'));
  server.setBoard('recruitee', 'acme', fixture('recruitee-acme.json'));
  files = tempFiles();
});
afterEach(async () => {
  await server.close();
  files.cleanup();
});

it('the directory set is the three acme boards', () => {
  expect(SET.map((b) => `${b.platform}:${b.token}`).sort()).toEqual([
    'greenhouse:acme',
    'lever:acme',
    'recruitee:acme',
  ]);
});

describe('a directory set and an upstream', () => {
  let up: Upstream;
  let upActive: string[];
  beforeAll(async () => {
    up = await startUpstream(60, 2614);
    upActive = activeIds(up.file);
  }, 120_000);
  afterAll(async () => {
    await up.close();
  });

  it('set, then sync, then the set again: nothing crawled is purged, no saved job closed, nothing twice', async () => {
    const c = await crawl(server, files.index, SET);
    expect(c.boards.every((b) => b.state === 'ok')).toBe(true);
    const crawled = activeIds(files.index);
    expect(crawled.length).toBeGreaterThanOrEqual(5);
    await saveJob(files.index, files.user, crawled[0]!);
    const r = await sync(files.index, up.url, files.user);
    expect([r.purged, r.expired]).toEqual([0, 0]);
    expect(activeIds(files.index).sort()).toEqual([...crawled, ...upActive].sort());
    expect(savedClosedAt(files.user, crawled[0]!)).toBeNull();
    const again = await crawl(server, files.index, SET, files.user);
    expect(again.boards.map((b) => [b.added, b.expired])).toEqual(SET.map(() => [0, 0]));
    expect(activeIds(files.index)).toHaveLength(crawled.length + upActive.length);
    expect(searchCount(files.index)).toBe(crawled.length + upActive.length);
    expect(savedClosedAt(files.user, crawled[0]!)).toBeNull();
    postingsOnce(files.index);
  });

  it('sync, then set, then sync again: the crawl keeps the synced jobs, the sync keeps the crawled ones', async () => {
    await sync(files.index, up.url);
    await saveJob(files.index, files.user, upActive[0]!);
    const c = await crawl(server, files.index, SET, files.user);
    expect(c.boards.every((b) => b.expired === 0)).toBe(true);
    const crawled = activeIds(files.index).filter((id) => !upActive.includes(id));
    expect(crawled.length).toBeGreaterThanOrEqual(5);
    expect(savedClosedAt(files.user, upActive[0]!)).toBeNull();
    const r = await sync(files.index, up.url, files.user);
    expect([r.purged, r.expired]).toEqual([0, 0]);
    expect(activeIds(files.index).sort()).toEqual([...crawled, ...upActive].sort());
    expect(savedClosedAt(files.user, upActive[0]!)).toBeNull();
    postingsOnce(files.index);
  });
});

describe('a followed board and a directory set holding it too', () => {
  it.each([
    ['followed board, then the set', FOLLOWED, SET],
    ['the set, then the followed board', SET, FOLLOWED],
  ])('%s: one job per posting; the smaller read expires nothing of the other', async (_name, first, second) => {
    await crawl(server, files.index, first);
    const afterFirst = activeIds(files.index);
    await saveJob(files.index, files.user, afterFirst[0]!);
    const c = await crawl(server, files.index, second, files.user);
    expect(c.boards.every((b) => b.expired === 0)).toBe(true);
    const all = activeIds(files.index);
    // The set's three boards, whichever came first; the followed board's jobs once.
    expect(all).toEqual(expect.arrayContaining(afterFirst));
    const setOnly = activeIds(files.index).length;
    await crawl(server, files.index, FOLLOWED, files.user);
    expect(activeIds(files.index)).toHaveLength(setOnly);
    expect(searchCount(files.index)).toBe(setOnly);
    expect(savedClosedAt(files.user, afterFirst[0]!)).toBeNull();
    postingsOnce(files.index);
  });
});

describe('a snapshot and a followed board or a directory set', { timeout: 180_000 }, () => {
  let dir: string;
  let upFile: string;
  let upDb: IndexDb;
  let http: HttpServer;
  let url: string;
  let upJobs: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobindex-snap-pairs-'));
    upFile = join(dir, 'upstream.sqlite');
    const now = testNow();
    buildIndex(upFile, { jobs: 80, seed: 23, now });
    upJobs = activeIds(upFile).length;
    const snapDir = join(dir, 'snapshots');
    await writeSnapshot(upFile, snapDir, now);
    upDb = openIndex(upFile, { readonly: true });
    http = createHttpServer({
      handlers: createHandlers(indexRoutes(createIndexContext(upDb))),
      snapshots: snapshotFiles(snapDir),
    });
    url = await http.listen(0, '127.0.0.1');
  }, 120_000);
  afterAll(async () => {
    await http?.close();
    upDb?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['a followed board', FOLLOWED],
    ['a directory set', SET],
  ])('%s, then a snapshot: the import keeps every crawled job and closes no saved one', async (_name, boards) => {
    await crawl(server, files.index, boards);
    const crawled = activeIds(files.index);
    await saveJob(files.index, files.user, crawled[0]!);
    const r = await sync(files.index, url, files.user);
    expect(r.snapshot).toMatchObject({ used: true, kept: crawled.length });
    expect(activeIds(files.index)).toEqual(expect.arrayContaining(crawled));
    expect(activeIds(files.index)).toHaveLength(crawled.length + upJobs);
    expect(savedClosedAt(files.user, crawled[0]!)).toBeNull();
    // The walk after it, and a crawl after that, remove nothing of either.
    const again = await sync(files.index, url, files.user);
    expect([again.purged, again.expired]).toEqual([0, 0]);
    const c = await crawl(server, files.index, boards, files.user);
    expect(c.boards.map((b) => [b.added, b.expired])).toEqual(boards.map(() => [0, 0]));
    expect(activeIds(files.index)).toHaveLength(crawled.length + upJobs);
    expect(searchCount(files.index)).toBe(crawled.length + upJobs);
    expect(savedClosedAt(files.user, crawled[0]!)).toBeNull();
    postingsOnce(files.index);
  });

  it.each([
    ['a followed board', FOLLOWED],
    ['a directory set', SET],
  ])(
    'a snapshot, then %s: the crawl keeps the imported jobs, the next sync the crawled ones',
    async (_name, boards) => {
      const r = await sync(files.index, url);
      expect(r.snapshot).toMatchObject({ used: true });
      const imported = activeIds(files.index);
      expect(imported).toHaveLength(upJobs);
      await saveJob(files.index, files.user, imported[0]!);
      const c = await crawl(server, files.index, boards, files.user);
      expect(c.boards.every((b) => b.state === 'ok' && b.expired === 0)).toBe(true);
      const crawled = activeIds(files.index).filter((id) => !imported.includes(id));
      expect(crawled.length).toBe(c.boards.reduce((n, b) => n + b.added, 0));
      expect(holdersOf(files.index, 'board')).toBe(crawled.length);
      const again = await sync(files.index, url, files.user);
      expect([again.purged, again.expired]).toEqual([0, 0]);
      expect(activeIds(files.index).sort()).toEqual([...imported, ...crawled].sort());
      expect(holdersOf(files.index, 'upstream')).toBe(imported.length);
      expect(savedClosedAt(files.user, imported[0]!)).toBeNull();
      postingsOnce(files.index);
    },
  );
});

describe('a saved job on a BambooHR or a Personio board that closes', () => {
  interface Bamboo {
    list: { meta: { totalCount: number }; result: Array<{ id: string }> };
    details: Record<string, unknown>;
  }
  const bamboo = JSON.parse(fixture('bamboohr-acme.json')) as Bamboo;
  const personio = fixture('personio-acme.xml');
  /** Each platform's own fixture, less the posting `without`. */
  const boards = {
    bamboohr: (without?: string) => {
      const result = bamboo.list.result.filter((r) => r.id !== without);
      server.setBoard('bamboohr', 'acme', { meta: { totalCount: result.length }, result });
      for (const [id, d] of Object.entries(bamboo.details)) server.setBambooDetail('acme', id, d);
    },
    personio: (without?: string) =>
      server.setBoard(
        'personio',
        'acme',
        without
          ? personio.replace(new RegExp(`<position>\\s*<id>${without}</id>[\\s\\S]*?</position>\\s*`), '')
          : personio,
      ),
  };

  it.each([
    ['bamboohr', 'BambooHR'],
    ['personio', 'Personio'],
  ] as const)('%s: the close is reported with its board and day', async (platform, name) => {
    const board: BoardRef = { platform, token: 'acme' };
    boards[platform]();
    await crawl(server, files.index, [board]);
    const crawled = activeIds(files.index);
    expect(crawled.length).toBeGreaterThanOrEqual(2);
    await saveJob(files.index, files.user, crawled[0]!);
    const db = openIndex(files.index);
    const postingId = db
      .prepare<[string], string>('SELECT posting_id FROM crawl_postings WHERE job_id = ?')
      .pluck()
      .get(crawled[0]!)!;
    db.close();
    boards[platform](postingId);
    const at = Date.UTC(2026, 11, 3, 12);
    const c = await crawl(server, files.index, [board], files.user, at);
    expect(c.boards.map((b) => [b.state, b.expired])).toEqual([['ok', 1]]);
    const u = userSaved(files.user);
    try {
      const saved = savedJob(u.saved.get(crawled[0]!)!);
      expect([saved.closed, saved.closedBy]).toEqual([true, `board:${platform}:acme`]);
      expect(closedWhere(saved.closedBy!)).toBe(`on its ${name} board`);
      expect(Number(saved.closedAt!.seconds) * 1000).toBe(at);
      // The other saved-able posting is still open: only the one the board dropped closed.
      expect(activeIds(files.index)).toEqual(crawled.slice(1));
    } finally {
      u.close();
    }
  });
});
