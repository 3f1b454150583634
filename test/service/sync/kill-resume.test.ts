// `jobindex sync` killed with SIGKILL at random (seeded) moments, then run again until it
// finishes: the index passes integrity_check and holds exactly what an uninterrupted sync gives,
// for a first sync and for an incremental one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../electron/tools/generate/prng.js';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { syncIndex } from '#service/sync/sync-index';
import { root } from '../../helpers/built-dist.js';
import { answers, localClients, startUpstream, type Upstream } from './sync-harness.js';

let up: Upstream;
let dir: string;

beforeAll(async () => {
  up = await startUpstream(150, 44);
  dir = mkdtempSync(join(tmpdir(), 'jobindex-kill-'));
});
afterAll(async () => {
  await up?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Whether a run is checkpointed in the file (a sync is under way, or was cut off). */
function runUnderWay(file: string): boolean {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare("SELECT 1 FROM sync_state WHERE key = 'run'").get() !== undefined;
    } finally {
      db.close();
    }
  } catch (e) {
    if (process.env.DEBUG_KILL) console.error(e);
    return false; // not created, or not migrated yet
  }
}

/**
 * Runs the CLI; with `killAfterMs`, SIGKILLs it that long after its run is under way (so kills
 * land in the sync, not in process start-up). Resolves true if it finished.
 */
function runSync(file: string, killAfterMs?: number): Promise<boolean> {
  const child = spawn(process.execPath, ['bin/jobindex.js', 'sync', '--upstream', up.url, '--db', file, '--json'], {
    cwd: root,
  });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  let timer: NodeJS.Timeout | undefined;
  const poll =
    killAfterMs === undefined
      ? undefined
      : setInterval(() => {
          if (!runUnderWay(file)) return;
          clearInterval(poll);
          timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        }, 10);
  return new Promise((resolve, reject) =>
    child.once('exit', (code, signal) => {
      clearInterval(poll);
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(false);
      else if (code === 0) resolve(true);
      else reject(new Error(`sync exited ${code}: ${err}`));
    }),
  );
}

/** Everything the index holds about jobs and companies, without local row numbers. */
function contents(db: IndexDb): unknown {
  return {
    jobs: db
      .prepare(`SELECT j.*, d.html FROM jobs j JOIN job_descriptions d ON d.rid = j.rid ORDER BY j.id`)
      .all()
      .map((r) => ({ ...(r as object), rid: undefined, company_cid: undefined })),
    locations: db
      .prepare(
        'SELECT j.id, l.ord, l.city, l.region, l.country, l.text, l.remote FROM job_locations l JOIN jobs j ON j.rid = l.job_rid ORDER BY j.id, l.ord',
      )
      .all(),
    companies: db
      .prepare('SELECT * FROM companies ORDER BY id')
      .all()
      .map((r) => ({ ...(r as object), cid: undefined })),
    staged: db
      .prepare(
        "SELECT (SELECT count(*) FROM sync_cards) + (SELECT count(*) FROM sync_evictions) + (SELECT count(*) FROM sync_state WHERE key = 'run')",
      )
      .pluck()
      .get(),
  };
}

describe('kill -9 and resume', { timeout: 300_000 }, () => {
  it('converges to the uninterrupted result, first and incremental', async () => {
    const rng = new Rng(20261122);
    const refFile = join(dir, 'reference.sqlite');
    const killedFile = join(dir, 'killed.sqlite');
    const ref = openIndex(refFile);
    try {
      for (const step of ['first', 'incremental']) {
        if (step === 'incremental') up.evolve({ add: 20, reverify: 15, expire: 10, remove: 4, seed: 9 });
        const started = performance.now();
        await syncIndex({ upstream: up.url, db: ref });
        const uninterrupted = performance.now() - started;
        let kills = 0;
        const killedIn: string[] = [];
        for (let attempt = 0; ; attempt++) {
          // Kill points spread over the first half of an uninterrupted run's time (the child's own
          // run can be quicker than the in-process reference, and a resumed one has less to do).
          const at = attempt < 5 ? Math.floor(rng.next() * uninterrupted * 0.5) : undefined;
          const finished = await runSync(killedFile, at);
          if (process.env.DEBUG_KILL)
            console.error('attempt', attempt, 'at', at, 'of', uninterrupted, 'finished', finished);
          if (finished) break;
          kills++;
          // Killed before its run was under way: not a kill inside a sync, but harmless.
          const db = openIndex(killedFile);
          expect(db.pragma('integrity_check', { simple: true }), `after kill ${kills}`).toBe('ok');
          const run = db.prepare("SELECT value FROM sync_state WHERE key = 'run'").pluck().get() as string | undefined;
          if (run) killedIn.push((JSON.parse(run) as { phase: string }).phase);
          db.close();
        }
        // At least two kills landed inside a run (a checkpoint existed), not before or after one.
        expect(killedIn.length, `${step}: killed in ${killedIn.join(', ')}`).toBeGreaterThanOrEqual(2);
        const db = openIndex(killedFile);
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          expect(contents(db)).toEqual(contents(ref));
          expect(await answers(localClients(db))).toEqual(await answers(localClients(ref)));
          expect(await answers(localClients(db))).toEqual(await answers(up.clients));
        } finally {
          db.close();
        }
      }
    } finally {
      ref.close();
    }
  });
});
