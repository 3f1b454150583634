// A full disk under an incremental sync (issue #32 item 6), simulated as disk-full.test.ts does
// for the user file: PRAGMA max_page_count on the sync's own connection, so the file cannot grow.
// The run fails with words a person can act on and an exit code of its own; the index stays
// intact and readable; the next sync, with room again, completes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, failureOf } from '../../../electron/cli/exit-codes.js';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { syncIndex } from '#service/sync/sync-index';
import { answers, localClients, startUpstream, walkList, type Upstream } from './sync-harness.js';

let up: Upstream;
let dir: string;
let file: string;
let db: IndexDb;

beforeAll(async () => {
  up = await startUpstream(300, 29);
  dir = mkdtempSync(join(tmpdir(), 'jobindex-sync-full-'));
  file = join(dir, 'local.sqlite');
  db = openIndex(file);
  await syncIndex({ upstream: up.url, db });
});
afterAll(async () => {
  db?.close();
  await up?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an incremental sync on a full disk', { timeout: 180_000 }, () => {
  it('says the disk holding the index is full, keeps the index whole and readable; the next sync completes', async () => {
    up.evolve({ add: 600, reverify: 100, expire: 10, seed: 8 });
    const before = await walkList(localClients(db), {});
    // The file may not grow past its size now: the next write that needs a page fails as on a full disk.
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    const failed = await syncIndex({ upstream: up.url, db }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failed, 'the sync failed once the file could not grow').toBeDefined();
    // What `jobindex sync` prints and exits with (main.ts prints `jobindex: ${message}`).
    expect(failureOf(failed)).toEqual({
      code: EXIT.diskFull,
      message: `the disk holding ${file} is full; free space and try again`,
    });
    expect(EXIT.diskFull).not.toBe(EXIT.io);
    // Intact and readable: SQLite's own check, and search answers as before the run (nothing expired).
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const during = await walkList(localClients(db), {});
    expect(during.length).toBeGreaterThanOrEqual(before.length);
    // Room again: the next sync resumes and ends equal to the upstream.
    db.pragma('max_page_count = 1073741823');
    const r = await syncIndex({ upstream: up.url, db });
    expect(r.full).toBe(false);
    expect(await answers(localClients(db))).toEqual(await answers(up.clients));
  });
});
