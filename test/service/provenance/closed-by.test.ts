import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { closedWhere } from '#shared/format/source-words';
import { openIndex } from '#service/index-db/open-index';
import { IndexWriter } from '#service/index-db/write/index-writer';
import { normalizeUpstreamUrl } from '../../../electron/service/sync/upstream.js';
import { savedJob } from '../../../electron/service/user-services/wire.js';
import { fixture } from '../crawl/crawl-harness.js';
import { ReplayServer } from '../crawl/replay-server.js';
import { startUpstream, type Upstream } from '../sync/sync-harness.js';
import { activeIds, crawl, saveJob, sync, tempFiles, userSaved } from './provenance-harness.js';

// A saved job's close names its source ("Closed on its Greenhouse board, 3 Dec"), kept in the user
// file so it outlives the posting leaving the index (issue 26, docs/decisions/provenance.md).
const GREENHOUSE: BoardRef = { platform: 'greenhouse', token: 'acme' };

function savedWire(userFile: string, id: string) {
  const u = userSaved(userFile);
  try {
    const rec = u.saved.get(id);
    if (!rec) throw new Error(`${id} is not saved`);
    return savedJob(rec);
  } finally {
    u.close();
  }
}

function dropFromIndex(indexFile: string, id: string): void {
  const db = openIndex(indexFile);
  try {
    new IndexWriter(db).deleteJob(id);
  } finally {
    db.close();
  }
}

describe('a saved job closed by one source', () => {
  let server: ReplayServer;
  let up: Upstream;
  let files: ReturnType<typeof tempFiles>;
  beforeAll(async () => {
    up = await startUpstream(60, 2613);
  }, 120_000);
  afterAll(async () => {
    await up.close();
  });
  beforeEach(async () => {
    server = await ReplayServer.start();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    files = tempFiles();
  });
  afterEach(async () => {
    await server.close();
    files.cleanup();
  });

  it('names the board whose complete read closed it, after the posting left the index too', async () => {
    await crawl(server, files.index, [GREENHOUSE]);
    const crawled = activeIds(files.index);
    expect(crawled.length).toBeGreaterThanOrEqual(2);
    const board = JSON.parse(fixture('greenhouse-acme.json')) as {
      jobs: Array<{ id: number }>;
      meta: { total: number };
    };
    await saveJob(files.index, files.user, crawled[0]!);
    expect(savedWire(files.user, crawled[0]!).closedBy).toBeUndefined();

    // The board no longer lists one posting: which one is the saved job is read from the index.
    const db = openIndex(files.index);
    const postingId = db
      .prepare<[string], string>('SELECT posting_id FROM crawl_postings WHERE job_id = ?')
      .pluck()
      .get(crawled[0]!);
    db.close();
    const left = board.jobs.filter((j) => String(j.id) !== postingId);
    expect(left).toHaveLength(board.jobs.length - 1);
    server.setBoard('greenhouse', 'acme', { jobs: left, meta: { total: left.length } });
    const at = Date.UTC(2026, 11, 3, 12);
    const c = await crawl(server, files.index, [GREENHOUSE], files.user, at);
    expect(c.boards.map((b) => [b.state, b.expired])).toEqual([['ok', 1]]);

    const closed = savedWire(files.user, crawled[0]!);
    expect(closed.closed).toBe(true);
    expect(closed.closedBy).toBe('board:greenhouse:acme');
    expect(closedWhere(closed.closedBy!)).toBe('on its Greenhouse board');

    // The posting leaves the index (purged after 30 days, or the board unfollowed): the close keeps its source.
    dropFromIndex(files.index, crawled[0]!);
    expect(savedWire(files.user, crawled[0]!).closedBy).toBe('board:greenhouse:acme');
  });

  it('names the upstream whose sync closed it (expired, or no longer known)', async () => {
    await sync(files.index, up.url);
    const changes = up.evolve({ expire: 2, remove: 2, seed: 7 });
    const expired = changes.expired[0]!;
    const removed = changes.removed[0]!;
    await saveJob(files.index, files.user, expired);
    await saveJob(files.index, files.user, removed);
    await sync(files.index, up.url, files.user);
    const source = `upstream:${normalizeUpstreamUrl(up.url)}`;
    for (const id of [expired, removed]) {
      const s = savedWire(files.user, id);
      expect([s.closed, s.closedBy]).toEqual([true, source]);
    }
    expect(closedWhere(source)).toBe(`upstream (${new URL(up.url).host})`);
  });

  it('an upstream never closes a job its board holds open; the board names its own close', async () => {
    await sync(files.index, up.url);
    await crawl(server, files.index, [GREENHOUSE]);
    const crawled = activeIds(files.index).filter((id) => !activeIds(up.file).includes(id));
    await saveJob(files.index, files.user, crawled[0]!);
    await sync(files.index, up.url, files.user);
    const s = savedWire(files.user, crawled[0]!);
    expect([s.closed, s.closedBy]).toEqual([false, undefined]);
  });
});
