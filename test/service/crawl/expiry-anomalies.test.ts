import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBoardStates } from '#service/crawl/crawl-boards';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawl, readJobs, searchable, tempIndex } from './crawl-harness.js';
import { ReplayServer, type Fault } from './replay-server.js';

const BOARD: BoardRef = { platform: 'greenhouse', token: 'orbit' };
const DAY = 86_400_000;
const T0 = Date.parse('2026-06-01T00:00:00Z');

/** A Greenhouse board of `n` postings, ids 1..n (a subset with `only`). */
function board(n: number, only?: number[]): unknown {
  const ids = only ?? Array.from({ length: n }, (_, i) => i + 1);
  return {
    jobs: ids.map((i) => ({
      id: 7000 + i,
      title: `Engineer ${i}`,
      updated_at: '2026-05-01T00:00:00Z',
      location: { name: 'Berlin, Germany' },
      absolute_url: `https://job-boards.greenhouse.io/orbit/jobs/${7000 + i}`,
      company_name: 'Orbit',
      content: `&lt;p&gt;Role number ${i}.&lt;/p&gt;`,
    })),
    meta: { total: ids.length },
  };
}

function detailStatus(file: string, title: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT status FROM jobs WHERE title = ?').pluck().get(title) as string;
  } finally {
    db.close();
  }
}

describe('expiry and anomalies', () => {
  let server: ReplayServer;
  let idx: ReturnType<typeof tempIndex>;

  beforeEach(async () => {
    server = await ReplayServer.start();
    idx = tempIndex();
    server.setBoard('greenhouse', 'orbit', board(12));
    const first = await crawl(server, idx.file, [BOARD], T0);
    expect(first.boards[0]).toMatchObject({ state: 'ok', added: 12 });
  });
  afterEach(async () => {
    await server.close();
    idx.cleanup();
  });

  it('a posting absent from a complete read expires at that crawl, leaves search, detail stays', async () => {
    server.setBoard('greenhouse', 'orbit', board(12, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    const s = await crawl(server, idx.file, [BOARD], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 1, unchanged: 11 });
    const gone = readJobs(idx.file).find((j) => j.title === 'Engineer 12')!;
    expect(gone.status).toBe('expired');
    expect(gone.expired_at).toBe(T0 + DAY);
    expect(gone.html).toContain('Role number 12');
    expect(searchable(idx.file)).toBe(11);
  });

  it('a posting that comes back is active again, under the same id', async () => {
    server.setBoard('greenhouse', 'orbit', board(12, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    await crawl(server, idx.file, [BOARD], T0 + DAY);
    const id = readJobs(idx.file).find((j) => j.title === 'Engineer 12')!.id;
    server.setBoard('greenhouse', 'orbit', board(12));
    const s = await crawl(server, idx.file, [BOARD], T0 + 2 * DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', updated: 1, added: 0 });
    const back = readJobs(idx.file).find((j) => j.title === 'Engineer 12')!;
    expect([back.id, back.status, back.discovered_at]).toEqual([id, 'active', T0]);
    expect(readJobs(idx.file)).toHaveLength(12);
  });

  const faults: Array<[string, Fault, 'error' | 'anomaly', RegExp]> = [
    ['404', { status: 404 }, 'error', /HTTP 404/],
    ['403', { status: 403 }, 'error', /HTTP 403/],
    ['429 with Retry-After', { status: 429, retryAfter: '0' }, 'error', /HTTP 429/],
    ['500', { status: 500 }, 'error', /HTTP 500/],
    ['503', { status: 503 }, 'error', /HTTP 503/],
    ['a timeout', { delayMs: 1500 }, 'error', /timeout|did not answer/],
    ['a truncated body', { truncate: true }, 'error', /malformed JSON/],
    ['an empty board', { empty: true }, 'anomaly', /read empty/],
  ];
  for (const [name, fault, state, message] of faults) {
    it(`${name}: nothing expires and the board says what happened`, async () => {
      server.fault('greenhouse', 'orbit', fault);
      const s = await crawl(server, idx.file, [BOARD], T0 + DAY);
      expect(s.boards[0]!.state).toBe(state);
      expect(s.boards[0]!.error).toMatch(message);
      expect(s.boards[0]!.expired).toBe(0);
      expect(readJobs(idx.file).every((j) => j.status === 'active')).toBe(true);
      expect(searchable(idx.file)).toBe(12);
      expect(readBoardStates(idx.file)[0]).toMatchObject({ state, expired: 0 });
    });
  }

  it('a malformed body (not the platform shape): nothing expires', async () => {
    server.setBoard('greenhouse', 'orbit', '{"message":"maintenance"}');
    const s = await crawl(server, idx.file, [BOARD], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'error', expired: 0 });
    expect(s.boards[0]!.error).toMatch(/no "jobs" list/);
    expect(searchable(idx.file)).toBe(12);
  });

  it('a board that loses most of its postings at once: nothing expires', async () => {
    server.setBoard('greenhouse', 'orbit', board(12, [1, 2, 3]));
    const s = await crawl(server, idx.file, [BOARD], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'anomaly', expired: 0, unchanged: 3 });
    expect(s.boards[0]!.error).toMatch(/lost most of its postings \(12 → 3\)/);
    expect(searchable(idx.file)).toBe(12);
  });

  it('an incomplete answer (fewer postings than the board states): nothing expires', async () => {
    const b = board(12, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) as { meta: { total: number } };
    b.meta.total = 12;
    server.setBoard('greenhouse', 'orbit', b);
    const s = await crawl(server, idx.file, [BOARD], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    expect(searchable(idx.file)).toBe(12);
  });

  it('a glitch the immediate second read does not repeat is no anomaly', async () => {
    server.fault('greenhouse', 'orbit', { empty: true, times: 1 });
    const s = await crawl(server, idx.file, [BOARD], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', expired: 0, unchanged: 12 });
  });

  it('an empty read confirmed by the next crawl expires the board (the employer closed it)', async () => {
    server.fault('greenhouse', 'orbit', { empty: true });
    const a = await crawl(server, idx.file, [BOARD], T0 + DAY);
    expect(a.boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    const b = await crawl(server, idx.file, [BOARD], T0 + 2 * DAY);
    expect(b.boards[0]).toMatchObject({ state: 'ok', expired: 12 });
    expect(b.boards[0]!.error).toMatch(/confirmed/);
    expect(searchable(idx.file)).toBe(0);
    expect(detailStatus(idx.file, 'Engineer 1')).toBe('expired');
  });

  it('Ashby: 200 with an empty list for a board that had postings is an anomaly, nothing expires', async () => {
    server.setBoard('ashby', 'nova', {
      apiVersion: '1',
      jobs: [1, 2].map((i) => ({
        id: `00000000-0000-4000-8000-00000000000${i}`,
        title: `Pilot ${i}`,
        isListed: true,
        location: 'Paris',
        descriptionHtml: '<p>Fly.</p>',
      })),
    });
    const nova: BoardRef = { platform: 'ashby', token: 'nova' };
    await crawl(server, idx.file, [nova], T0);
    server.setBoard('ashby', 'nova', { apiVersion: '1', jobs: [] });
    const s = await crawl(server, idx.file, [nova], T0 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'anomaly', expired: 0 });
    expect(
      readJobs(idx.file)
        .filter((j) => j.title.startsWith('Pilot'))
        .every((j) => j.status === 'active'),
    ).toBe(true);
  });

  it('one failing board does not stop the others', async () => {
    server.setBoard('lever', 'calm', [
      {
        id: 'c1',
        text: 'Analyst',
        categories: { location: 'Oslo, Norway' },
        description: '<p>Analyse.</p>',
        hostedUrl: 'https://jobs.lever.co/calm/c1',
      },
    ]);
    server.fault('greenhouse', 'orbit', { status: 500 });
    const s = await crawl(server, idx.file, [BOARD, { platform: 'lever', token: 'calm' }], T0 + DAY);
    expect(s.boards.map((b) => [b.board.platform, b.state, b.added])).toEqual([
      ['greenhouse', 'error', 0],
      ['lever', 'ok', 1],
    ]);
  });

  it('names the app in its User-Agent', () => {
    expect(server.requests.at(-1)!.userAgent).toMatch(/^JobIndexDesktop\//);
  });
});
