// Issue 32 item 2: a crawl that reads one-page answers as streams (streamed-listing.ts; forced here
// for every answer, as for a big one) stores exactly the jobs the JSON.parse path stores, skips an
// unchanged answer whole, and fails only the board whose streamed answer is cut short.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import Database from 'better-sqlite3';
import { crawlBoards } from '#service/crawl/crawl-boards';
import { BoardStore } from '../../../electron/service/crawl/board-store.js';
import { ADAPTERS } from '../../../electron/service/crawl/platforms/index.js';
import { fixture, PATIENT_RETRY, FAST_RETRY, readJobs, tempIndex, type JobRow } from './crawl-harness.js';
import { REALJOBS_ABSENT_MESSAGE, REALJOBS_PRESENT, realBoards } from './realjobs.js';
import { ReplayServer } from './replay-server.js';

const at = Date.parse('2026-09-01T00:00:00Z');
const ALWAYS = 0;
const NEVER = Number.MAX_SAFE_INTEGER;

/** The stored jobs, without the row ids the writes happened to give them. */
/** The hash of the board's last trusted answer (unchanged-board.ts). */
function answerHash(file: string, board: BoardRef): string | undefined {
  const db = new Database(file, { readonly: true });
  try {
    return new BoardStore(db).answer(board)?.hash;
  } finally {
    db.close();
  }
}

const stored = (file: string): Array<Omit<JobRow, 'rid'>> =>
  readJobs(file)
    .map(({ rid: _rid, ...j }) => j)
    .sort((a, b) => (a.id < b.id ? -1 : 1));

describe('a crawl reading one-page answers as streams', { timeout: 300_000 }, () => {
  let server: ReplayServer;
  const indexes: Array<ReturnType<typeof tempIndex>> = [];
  const idx = () => {
    const i = tempIndex();
    indexes.push(i);
    return i.file;
  };
  beforeAll(async () => {
    server = await ReplayServer.start();
  });
  afterAll(async () => {
    await server.close();
    for (const i of indexes) i.cleanup();
  });
  const crawl = (file: string, boards: BoardRef[], streamFromBytes: number, when = at, retry: object = PATIENT_RETRY) =>
    crawlBoards({ indexFile: file, boards, apiBase: server.apiBase(), now: () => when, retry, streamFromBytes });

  it('stores the same jobs as JSON.parse from every real payload and fixture', async () => {
    expect(REALJOBS_PRESENT, REALJOBS_ABSENT_MESSAGE).toBe(true);
    const boards: BoardRef[] = [];
    for (const b of realBoards().filter((b) => ADAPTERS[b.platform]?.list)) {
      server.setBoard(b.platform, b.token, b.body);
      boards.push({ platform: b.platform, token: b.token });
    }
    for (const p of ['greenhouse', 'lever', 'ashby', 'workable', 'recruitee', 'breezy'] as const) {
      server.setBoard(p, 'acme', fixture(`${p}-acme.json`));
      boards.push({ platform: p, token: 'acme' });
    }
    const parsed = idx();
    const streamed = idx();
    const a = await crawl(parsed, boards, NEVER);
    const b = await crawl(streamed, boards, ALWAYS);
    expect(b).toEqual(a);
    expect(a.boards.filter((s) => s.state === 'ok').length).toBe(boards.length);
    const jobs = stored(parsed);
    expect(jobs.length).toBeGreaterThan(900);
    expect(stored(streamed)).toEqual(jobs);
  });

  it('hashes a streamed answer as the JSON.parse path does, and skips it unchanged', async () => {
    const body = JSON.parse(fixture('greenhouse-acme.json')) as { jobs: Array<Record<string, unknown>> };
    // Not ASCII: the bytes hashed must be the text's UTF-8.
    body.jobs[1]!.title = 'Ingénieur·e logiciel 💼';
    server.setBoard('greenhouse', 'same', body);
    const board = { platform: 'greenhouse', token: 'same' } as const;
    const file = idx();
    const other = idx();
    const first = (await crawl(file, [board], ALWAYS)).boards[0]!;
    expect(first).toMatchObject({ state: 'ok', postings: body.jobs.length });
    expect(first.added).toBeGreaterThan(0);
    await crawl(other, [board], NEVER);
    expect(answerHash(file, board)).toBeTruthy();
    expect(answerHash(file, board)).toBe(answerHash(other, board));
    for (const [k, streamFrom] of [ALWAYS, NEVER].entries()) {
      const again = (await crawl(file, [board], streamFrom, at + 1000 * (k + 1))).boards[0]!;
      expect(again).toMatchObject({ state: 'ok', added: 0, updated: 0, unchanged: first.added });
    }
    body.jobs[0]!.title = 'Renamed';
    server.setBoard('greenhouse', 'same', body);
    const changed = (await crawl(file, [board], ALWAYS, at + 5000)).boards[0]!;
    expect(changed).toMatchObject({ state: 'ok', updated: 1, unchanged: first.added - 1 });
  });

  it('a truncated or malformed streamed answer fails its board only, expiring nothing', async () => {
    server.setBoard('greenhouse', 'cut', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'fine', fixture('lever-acme.json'));
    const file = idx();
    const boards: BoardRef[] = [
      { platform: 'greenhouse', token: 'cut' },
      { platform: 'lever', token: 'fine' },
    ];
    const first = await crawl(file, boards, ALWAYS);
    expect(first.boards.map((s) => s.state)).toEqual(['ok', 'ok']);
    const active = stored(file).filter((j) => j.status === 'active').length;
    server.fault('greenhouse', 'cut', { truncate: true });
    const cut = await crawl(file, boards, ALWAYS, at + 1000, FAST_RETRY);
    expect(cut.boards[0]).toMatchObject({ state: 'error', expired: 0 });
    expect(cut.boards[0]!.error).toMatch(/malformed JSON/);
    expect(cut.boards[1]).toMatchObject({ state: 'ok', expired: 0 });
    server.fault('greenhouse', 'cut', undefined);
    server.setBoard('greenhouse', 'cut', `${fixture('greenhouse-acme.json').trim()},`);
    const bad = await crawl(file, boards, ALWAYS, at + 2000, FAST_RETRY);
    expect(bad.boards[0]).toMatchObject({ state: 'error', expired: 0 });
    expect(stored(file).filter((j) => j.status === 'active').length).toBe(active);
  });
});
