import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openIndex, type IndexDb } from '#service/index-db/open-index';
import { syncIndex, type SyncOptions } from '#service/sync/sync-index';
import { startFaultProxy, type Plan } from './fault-proxy.js';
import { startUpstream, type Upstream } from './sync-harness.js';

export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;

/** Retries without the real backoff: a fault test must not wait it. */
export const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 40 };

export interface ProxiedUpstream {
  /** The generated upstream (`jobindex serve`), and the fault proxy in front of it. */
  readonly up: Upstream;
  readonly proxy: FaultProxy;
  /** A new, empty local index file, closed after the test file. */
  freshDb(): IndexDb;
  /** Every local index made so far, in order. */
  readonly dbs: readonly IndexDb[];
  /** One sync through the proxy with `plan`'s faults: the report and what the proxy saw. */
  syncThrough(
    plan: Plan,
    db: IndexDb,
    extra?: Partial<SyncOptions>,
  ): Promise<{ report: Awaited<ReturnType<typeof syncIndex>>; seen: ReturnType<FaultProxy['setPlan']> }>;
}

/**
 * For one test file: an upstream of `jobs` generated jobs (seed `seed`) behind the fault proxy,
 * started before its tests and stopped after them, with local index files in a temp folder.
 */
export function proxiedUpstream(jobs: number, seed: number): ProxiedUpstream {
  let up: Upstream | undefined;
  let proxy: FaultProxy | undefined;
  let dir = '';
  const dbs: IndexDb[] = [];
  beforeAll(async () => {
    up = await startUpstream(jobs, seed);
    proxy = await startFaultProxy(up.url);
    dir = mkdtempSync(join(tmpdir(), 'jobindex-proxied-'));
  });
  afterAll(async () => {
    for (const db of dbs) db.close();
    await proxy?.close();
    await up?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const started = <T>(x: T | undefined): T => {
    if (x === undefined) throw new Error('the upstream starts in beforeAll: use it inside a test');
    return x;
  };
  return {
    get up() {
      return started(up);
    },
    get proxy() {
      return started(proxy);
    },
    dbs,
    freshDb() {
      const db = openIndex(join(dir, `local-${dbs.length}.sqlite`));
      dbs.push(db);
      return db;
    },
    async syncThrough(plan, db, extra = {}) {
      const seen = started(proxy).setPlan(plan);
      const report = await syncIndex({ upstream: started(proxy).url, db, retry: FAST_RETRY, ...extra });
      return { report, seen };
    },
  };
}
