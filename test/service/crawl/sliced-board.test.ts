// Issue 32 item 2: a board is mapped and written a slice at a time (write-slices.ts). Its
// closures stay exact across slices (expired: the postings it no longer lists, no more, no
// fewer), and an unchanged answer is still skipped whole at the next read.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADAPTERS } from '../../../electron/service/crawl/platforms/index.js';
import { WRITE_SLICE } from '../../../electron/service/crawl/write-slices.js';
import { bigJobId, greenhouseBoard, statuses } from './big-board.js';
import { crawl, tempIndex } from './crawl-harness.js';
import { ReplayServer } from './replay-server.js';

const N = 3 * WRITE_SLICE + 34; // four slices
const BOARD = { platform: 'greenhouse', token: 'big' } as const;
const T1 = Date.parse('2026-06-01T00:00:00Z');
const DAY = 86_400_000;

describe('a board of several slices', { timeout: 120_000 }, () => {
  let server: ReplayServer;
  const idx = tempIndex();
  beforeAll(async () => {
    server = await ReplayServer.start();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.close();
    idx.cleanup();
  });

  it('writes every posting', async () => {
    server.setBoard('greenhouse', 'big', greenhouseBoard(N));
    const s = await crawl(server, idx.file, [BOARD], T1);
    expect(s.boards[0]).toMatchObject({ state: 'ok', postings: N, added: N, updated: 0, expired: 0 });
    const st = statuses(idx.file);
    for (let i = 0; i < N; i++) expect(st.get(bigJobId('big', i))).toBe('active');
  });

  it('expires exactly the postings no longer listed, whichever slice held them', async () => {
    // 60 gone from the start (the first slice), 3 changed in the last slice.
    const changed = new Set([N - 1, N - 2, N - 3]);
    server.setBoard('greenhouse', 'big', greenhouseBoard(N - 60, 60, changed));
    const s = await crawl(server, idx.file, [BOARD], T1 + DAY);
    expect(s.boards[0]).toMatchObject({ state: 'ok', postings: N - 60, added: 0, updated: 3, expired: 60 });
    expect(s.boards[0]!.unchanged).toBe(N - 63);
    const st = statuses(idx.file);
    for (let i = 0; i < N; i++) expect(st.get(bigJobId('big', i))).toBe(i < 60 ? 'expired' : 'active');
  });

  it('skips the same answer at the next read: nothing parsed, every posting verified', async () => {
    const read = vi.spyOn(ADAPTERS.greenhouse!, 'read');
    const s = await crawl(server, idx.file, [BOARD], T1 + 2 * DAY);
    expect(read).not.toHaveBeenCalled();
    expect(s.boards[0]).toMatchObject({ state: 'ok', added: 0, updated: 0, expired: 0, unchanged: N - 60 });
  });
});
