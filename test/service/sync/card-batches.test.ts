// The card phase stages a batch of pages per transaction (STAGE_BATCH cards) into an append-only
// log, then moves it into the stage sorted by id. A run stopped between batches resumes from the
// last staged cursor: the stage then holds every active upstream job once, with the work mode of
// the walk that listed it, exactly as an uninterrupted card phase leaves it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WORK_MODES } from '#shared/rules/vocabulary';
import { openIndex } from '#service/index-db/open-index';
import { STAGE_BATCH } from '../../../electron/service/sync/pull-cards.js';
import { syncIndex } from '#service/sync/sync-index';
import type { RunState } from '../../../electron/service/sync/sync-state.js';
import { startUpstream, walkList, type Upstream } from './sync-harness.js';

let up: Upstream;
let dir: string;

beforeAll(async () => {
  // Walks of ~900 to ~2,100 cards: each spans more than one batch.
  up = await startUpstream(5000, 31);
  dir = mkdtempSync(join(tmpdir(), 'jobindex-batches-'));
});
afterAll(async () => {
  await up?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a sync that is aborted as soon as `stop` says so; it must fail, having checkpointed. */
async function syncUntil(file: string, stop: (phase: string, done: number) => boolean): Promise<void> {
  const abort = new AbortController();
  const run = syncIndex({
    upstream: up.url,
    indexFile: file,
    signal: abort.signal,
    onProgress: (p) => {
      if (stop(p.phase, p.done)) abort.abort(new Error('stopped by the test'));
    },
  });
  await expect(run).rejects.toThrow();
}

it(
  'a card phase cut between batches resumes and stages each upstream job once, with its work mode',
  { timeout: 120_000 },
  async () => {
    const file = join(dir, 'local.sqlite');
    await syncUntil(file, (phase, done) => phase === 'cards' && done >= 3 * STAGE_BATCH);

    const db = openIndex(file);
    try {
      const run = JSON.parse(
        db.prepare("SELECT value FROM sync_state WHERE key = 'run'").pluck().get() as string,
      ) as RunState;
      expect(run.phase).toBe('cards');
      const logged = db.prepare('SELECT count(*) FROM sync_card_log').pluck().get() as number;
      expect(logged).toBeGreaterThan(0);
      // Walks still under way: each one that staged cards (whole pages: a batch, or what it had
      // when the run stopped) keeps the cursor just past them.
      const unfinished = Object.entries(run.walks).filter(([, w]) => !w.done);
      expect(unfinished.length).toBeGreaterThan(0);
      const byMode = db.prepare('SELECT count(*) FROM sync_card_log WHERE work_mode = ?').pluck();
      for (const [name, w] of unfinished) {
        const staged = byMode.get(name.replace(/^all:/, '')) as number;
        expect(staged % 100).toBe(0);
        if (staged > 0) expect(w.cursor).toBeTruthy();
      }
    } finally {
      db.close();
    }

    await syncUntil(file, (phase) => phase === 'details');

    const expected = new Map<string, string>();
    for (const mode of WORK_MODES) {
      for (const c of (await walkList(up.clients, { filters: { workMode: mode } })) as Array<{ id: string }>)
        expected.set(c.id, mode);
    }
    const check = openIndex(file);
    try {
      const staged = check.prepare('SELECT id, work_mode FROM sync_cards ORDER BY id').all() as Array<{
        id: string;
        work_mode: string;
      }>;
      expect(staged.length).toBe(expected.size);
      expect(new Map(staged.map((r) => [r.id, r.work_mode]))).toEqual(expected);
      expect(check.prepare('SELECT count(*) FROM sync_card_log').pluck().get()).toBe(0);
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      check.close();
    }
  },
);
