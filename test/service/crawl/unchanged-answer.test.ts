import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import { ADAPTERS } from '../../../electron/service/crawl/platforms/index.js';
import { IndexWriter } from '../../../electron/service/index-db/write/index-writer.js';
import { crawl, fixture, readJobs, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

// Issue 28: a board answering what it answered last is neither parsed nor written, only its
// postings marked verified; a changed answer is read as before.

const BOARDS: BoardRef[] = [
  { platform: 'greenhouse', token: 'acme' },
  { platform: 'lever', token: 'acme' },
];
const T1 = Date.parse('2026-06-01T00:00:00Z');
const DAY = 86_400_000;

function holders(file: string): Array<{ job_id: string; open: number; at: number }> {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare("SELECT job_id, open, at FROM job_sources WHERE source LIKE 'board:%' ORDER BY job_id")
      .all() as Array<{ job_id: string; open: number; at: number }>;
  } finally {
    db.close();
  }
}

function expireBehindTheCrawl(file: string, title: string): void {
  const db = new Database(file);
  try {
    db.prepare("UPDATE jobs SET status = 'expired', expired_at = ? WHERE title = ?").run(T1, title);
  } finally {
    db.close();
  }
}

describe('a re-crawl of an unchanged answer', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;
  const lever = JSON.parse(fixture('lever-acme.json')) as Array<{ text: string }>;
  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
    server.setBoard('greenhouse', 'acme', fixture('greenhouse-acme.json'));
    server.setBoard('lever', 'acme', lever);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
    idx.cleanup();
  });

  it('parses and writes no posting, and keeps every posting open and verified now', async () => {
    const first = await crawl(server, idx.file, BOARDS, T1);
    const before = readJobs(idx.file);
    expect(before.length).toBeGreaterThan(0);
    const read = vi.spyOn(ADAPTERS.greenhouse!, 'read');
    const readLever = vi.spyOn(ADAPTERS.lever!, 'read');
    const upsert = vi.spyOn(IndexWriter.prototype, 'upsertJob');
    const again = await crawl(server, idx.file, BOARDS, T1 + DAY);
    expect(read).not.toHaveBeenCalled();
    expect(readLever).not.toHaveBeenCalled();
    expect(upsert).not.toHaveBeenCalled();
    expect(again.boards.map((b) => [b.state, b.added, b.updated, b.expired, b.postings, b.skipped])).toEqual(
      first.boards.map((b) => ['ok', 0, 0, 0, b.postings, b.skipped]),
    );
    expect(again.boards.map((b) => b.unchanged)).toEqual(first.boards.map((b) => b.added));
    const after = readJobs(idx.file);
    expect(after.map((j) => [j.id, j.title, j.status, j.html])).toEqual(
      before.map((j) => [j.id, j.title, 'active', j.html]),
    );
    expect(new Set(after.map((j) => j.last_verified_at))).toEqual(new Set([T1 + DAY]));
    expect(holders(idx.file).map((h) => [h.open, h.at])).toEqual(before.map(() => [1, T1 + DAY]));
  });

  it('reads a changed answer whole', async () => {
    await crawl(server, idx.file, BOARDS, T1);
    server.setBoard('lever', 'acme', [{ ...lever[0]!, text: 'Rocket Counter' }, ...lever.slice(1)]);
    const readLever = vi.spyOn(ADAPTERS.lever!, 'read');
    const again = await crawl(server, idx.file, BOARDS, T1 + DAY);
    expect(readLever).toHaveBeenCalledTimes(1);
    const l = again.boards.find((b) => b.board.platform === 'lever')!;
    expect([l.updated, l.unchanged]).toEqual([1, lever.length - 1]);
    expect(readJobs(idx.file).map((j) => j.title)).toContain('Rocket Counter');
  });

  it('takes a 304 Not Modified as the same answer', async () => {
    server.etags = true;
    const first = await crawl(server, idx.file, BOARDS, T1);
    const from = server.requests.length;
    const read = vi.spyOn(ADAPTERS.greenhouse!, 'read');
    const again = await crawl(server, idx.file, BOARDS, T1 + DAY);
    const asked = server.requests.slice(from);
    expect(asked.map((r) => r.status)).toEqual([304, 304]);
    expect(asked.every((r) => r.ifNoneMatch?.startsWith('"'))).toBe(true);
    expect(read).not.toHaveBeenCalled();
    expect(again.boards.map((b) => [b.state, b.unchanged, b.postings])).toEqual(
      first.boards.map((b) => ['ok', b.added, b.postings]),
    );
    expect(new Set(readJobs(idx.file).map((j) => [j.status, j.last_verified_at].join()))).toEqual(
      new Set([`active,${T1 + DAY}`]),
    );
    // A changed answer still answers 200 and is read.
    server.setBoard('greenhouse', 'acme', { jobs: [], meta: { total: 0 } });
    server.setBoard('lever', 'acme', lever.slice(0, 1));
    const changed = await crawl(server, idx.file, BOARDS, T1 + 2 * DAY);
    expect(changed.boards.map((b) => [b.board.platform, b.state, b.expired])).toEqual([
      ['greenhouse', 'anomaly', 0],
      ['lever', 'ok', lever.length - 1],
    ]);
  });

  it('is right each time an answer changes back and forth', async () => {
    const a = lever;
    const b = [{ ...lever[0]!, text: 'Rocket Counter' }];
    const active = () =>
      readJobs(idx.file)
        .filter((j) => j.status === 'active' && j.source_platform === 'lever')
        .map((j) => j.title)
        .sort();
    const titles = (answer: Array<{ text: string }>) => answer.map((p) => p.text).sort();
    for (const [n, answer] of [a, b, a, b, b, a, a].entries()) {
      server.setBoard('lever', 'acme', answer);
      await crawl(server, idx.file, BOARDS, T1 + n * DAY);
      expect(active(), `crawl ${n}`).toEqual(titles(answer));
    }
  });

  it('reads the answer whole when one of its postings left the index by another path', async () => {
    await crawl(server, idx.file, BOARDS, T1);
    expireBehindTheCrawl(idx.file, lever[0]!.text);
    const again = await crawl(server, idx.file, BOARDS, T1 + DAY);
    expect(again.boards.find((b) => b.board.platform === 'lever')!.updated).toBe(1);
    expect(readJobs(idx.file).find((j) => j.title === lever[0]!.text)!.status).toBe('active');
  });

  it('reads the answer again while a posting of it could not be read whole (a failed detail)', async () => {
    const sr: BoardRef[] = [{ platform: 'smartrecruiters', token: 'AcmeCo' }];
    server.setBoard('smartrecruiters', 'AcmeCo', fixture('smartrecruiters-acme.json'));
    const details = Object.entries(JSON.parse(fixture('smartrecruiters-acme-details.json')) as Record<string, unknown>);
    // Every detail but the first answers; the first fails this crawl only.
    for (const [id, d] of details.slice(1)) server.setDetail('AcmeCo', id, d);
    const first = await crawl(server, idx.file, sr, T1);
    server.setDetail('AcmeCo', details[0]![0], details[0]![1]);
    const again = await crawl(server, idx.file, sr, T1 + DAY);
    expect(again.boards[0]!.added).toBeGreaterThan(0);
    expect(again.boards[0]!.added + first.boards[0]!.added).toBe(details.length);
    // Now whole: the next crawl of the same answer writes nothing (a paged answer is parsed for its next page).
    const upsert = vi.spyOn(IndexWriter.prototype, 'upsertJob');
    const third = await crawl(server, idx.file, sr, T1 + 2 * DAY);
    expect(upsert).not.toHaveBeenCalled();
    expect(third.boards[0]!.unchanged).toBe(details.length);
  });
});
