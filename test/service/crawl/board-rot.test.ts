import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardRef } from '#shared/rules/board-ref';
import {
  DEAD_AFTER_MS,
  DEAD_MAX_WAIT_MS,
  DEAD_MIN_WAIT_MS,
  dueForRead,
  nextRot,
} from '../../../electron/service/crawl/board-rot.js';
import { crawlBoards, readBoardStates } from '#service/crawl/crawl-boards';
import { openIndex } from '#service/index-db/open-index';
import { startFakePlatforms, type FakePlatforms } from '../../helpers/fake-platforms.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);

describe('the board rot rule', () => {
  it('judges a board dead after three 404-or-empty reads spanning two days, and no sooner', () => {
    let rot = nextRot({ deadReads: 0 }, 'dead', T0);
    rot = nextRot(rot, 'dead', T0 + 1000);
    rot = nextRot(rot, 'dead', T0 + 2000);
    // Three reads in one evening are not rot.
    expect(rot).toEqual({ deadReads: 3, deadSince: T0 });
    rot = nextRot(rot, 'dead', T0 + DEAD_AFTER_MS);
    expect(rot).toEqual({
      deadReads: 4,
      deadSince: T0,
      deadAt: T0 + DEAD_AFTER_MS,
      nextReadAt: T0 + DEAD_AFTER_MS + DEAD_MIN_WAIT_MS,
    });
    expect(dueForRead(rot, T0 + DEAD_AFTER_MS + DEAD_MIN_WAIT_MS - 1)).toBe(false);
    expect(dueForRead(rot, T0 + DEAD_AFTER_MS + DEAD_MIN_WAIT_MS)).toBe(true);
  });

  it('waits longer the longer a board stays dead, at most four weeks; a failure of another kind says nothing', () => {
    const dead = { deadReads: 5, deadSince: T0, deadAt: T0, nextReadAt: T0 + 7 * DAY };
    expect(nextRot(dead, 'dead', T0 + 21 * DAY).nextReadAt).toBe(T0 + 42 * DAY);
    expect(nextRot(dead, 'dead', T0 + 90 * DAY).nextReadAt).toBe(T0 + 90 * DAY + DEAD_MAX_WAIT_MS);
    expect(nextRot(dead, 'unknown', T0 + 21 * DAY)).toBe(dead);
    expect(nextRot(dead, 'alive', T0 + 21 * DAY)).toEqual({ deadReads: 0 });
  });
});

describe('board rot in a crawl', () => {
  let fake: FakePlatforms;
  let dir: string;
  let file: string;
  let now = T0;
  beforeEach(async () => {
    fake = await startFakePlatforms();
    dir = mkdtempSync(join(tmpdir(), 'jobindex-rot-'));
    file = join(dir, 'index.sqlite');
    now = T0;
  });
  afterEach(async () => {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const live: BoardRef = { platform: 'greenhouse', token: 'alive' };
  const gone: BoardRef = { platform: 'greenhouse', token: 'gone' };
  const crawl = (o: { readDeadBoards?: boolean } = {}) =>
    crawlBoards({
      indexFile: file,
      boards: [live, gone],
      apiBase: fake.apiBase(),
      now: () => now,
      mapThreads: 0,
      ...o,
    });
  const state = (b: BoardRef) => readBoardStates(file).find((s) => s.board.token === b.token)!;
  const activeOf = (token: string) => {
    const db = openIndex(file);
    try {
      return db
        .prepare<[string], number>(
          `SELECT count(*) FROM jobs j JOIN crawl_postings c ON c.job_id = j.id WHERE c.board_key = ? AND j.status = 'active'`,
        )
        .pluck()
        .get(`greenhouse:${token}`);
    } finally {
      db.close();
    }
  };

  it('marks a board that keeps answering 404 dead, reads it rarely, expires nothing by it, and revives it', async () => {
    await crawl();
    const held = activeOf('gone');
    expect(held).toBeGreaterThan(0);
    fake.gone.add('greenhouse:gone');
    for (const at of [T0 + DAY, T0 + 2 * DAY, T0 + 3 * DAY]) {
      now = at;
      await crawl();
    }
    expect(state(gone).rot).toMatchObject({
      deadReads: 3,
      deadSince: T0 + DAY,
      deadAt: T0 + 3 * DAY,
      nextReadAt: T0 + 10 * DAY,
    });
    expect(state(live).rot).toEqual({ deadReads: 0 });
    // A 404 is an error: the postings it held stay (as they did before this rule).
    expect(activeOf('gone')).toBe(held);

    // Within its wait a dead board is not asked at all; the live one is.
    const asked = fake.asked.get('greenhouse:gone');
    now = T0 + 5 * DAY;
    const summary = await crawl();
    expect(fake.asked.get('greenhouse:gone')).toBe(asked);
    expect(summary.boards.find((b) => b.board.token === 'gone')).toMatchObject({ resting: true });
    // A person asking for it reads it anyway.
    await crawl({ readDeadBoards: true });
    expect(fake.asked.get('greenhouse:gone')).toBe(asked! + 1);

    // It answers again: alive, read at every crawl.
    fake.gone.delete('greenhouse:gone');
    now = T0 + 12 * DAY;
    await crawl();
    expect(state(gone).rot).toEqual({ deadReads: 0 });
    expect(state(gone).state).toBe('ok');
  });

  it('counts a board that reads empty as rot too', async () => {
    fake.empty.add('greenhouse:gone');
    for (const at of [T0, T0 + DAY, T0 + 2 * DAY]) {
      now = at;
      await crawl();
    }
    expect(state(gone).rot?.deadAt).toBe(T0 + 2 * DAY);
  });
});
