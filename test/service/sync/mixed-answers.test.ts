// A List page that answers another query (#32 item 9): a cache or proxy in front of the upstream
// mixing answers. Sync checks each page against the walk that asked for it and treats a mismatch
// like a corrupt body: asked again, then the walk fails; nothing wrong is written; the next sync
// ends equal to the upstream.
import { fromBinary } from '@bufbuild/protobuf';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ListRequestSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { IndexDb } from '#service/index-db/open-index';
import { upstreamFailure } from '#service/sync/upstream-fault';
import { EXIT, failureOf } from '../../../electron/cli/exit-codes.js';
import type { Plan } from './fault-proxy.js';
import { proxiedUpstream } from './proxied-upstream.js';
import { answers, localClients } from './sync-harness.js';

const LIST = '/svc.jobs.v1.JobsService/List';

const h = proxiedUpstream(700, 43);
const { freshDb, syncThrough } = h;

/** The walk a List request belongs to: its filters without the cursor. */
function walkOf(request: Buffer): string {
  const f = fromBinary(ListRequestSchema, request).query?.filters;
  return `${f?.workMode}|${f?.sort}|${f?.discoveredAfter ?? ''}|${f?.verifiedAfter ?? ''}`;
}

/**
 * A cache keyed by path only: the `mix(n)`-th List requests get the latest answer the upstream
 * gave another walk instead of their own. `mixed` counts the answers swapped.
 */
function mixingCache(mix: (n: number) => boolean): { plan: Plan; mixed: () => number } {
  const latest = new Map<string, Buffer>();
  let mixed = 0;
  return {
    mixed: () => mixed,
    plan: (path, n) => {
      if (path !== LIST) return undefined;
      return {
        kind: 'rewrite',
        body: (bytes, request) => {
          const walk = walkOf(request);
          const other = [...latest].find(([w]) => w !== walk);
          latest.set(walk, bytes);
          if (!other || !mix(n)) return bytes;
          mixed++;
          return other[1];
        },
      };
    },
  };
}

/** id → work mode of every active job. */
function workModes(db: Database.Database): Map<string, string> {
  const rows = db.prepare("SELECT id, work_mode FROM jobs WHERE status = 'active'").all() as Array<{
    id: string;
    work_mode: string;
  }>;
  return new Map(rows.map((r) => [r.id, r.work_mode]));
}

function upstreamModes(): Map<string, string> {
  const up = new Database(h.up.file, { readonly: true });
  try {
    return workModes(up);
  } finally {
    up.close();
  }
}

/** Local jobs whose work mode is not the upstream's. */
function wrongModes(db: IndexDb): string[] {
  const up = upstreamModes();
  return [...workModes(db)].filter(([id, mode]) => up.has(id) && up.get(id) !== mode).map(([id]) => id);
}

/** Runs a sync through the cache; resolves to the error it ended with, or undefined. */
async function syncMixed(db: IndexDb, plan: Plan): Promise<Error | undefined> {
  try {
    await syncThrough(plan, db);
    return undefined;
  } catch (e) {
    return e as Error;
  }
}

describe('sync through a cache that mixes List answers of different queries', { timeout: 180_000 }, () => {
  it('a page answering another walk now and then is asked again; no job takes a wrong work mode', async () => {
    const db = freshDb();
    const cache = mixingCache((n) => n % 4 === 2);
    const failed = await syncMixed(db, cache.plan);
    expect(cache.mixed()).toBeGreaterThan(0);
    // Each mixed page is caught: asked again (the run ends), or its walk fails and says why.
    if (failed)
      expect(failed.message).toMatch(/^JobsService\.List walk.*another (walk's )?query.*the card walks start again/);
    expect(wrongModes(db)).toEqual([]);
    // The next sync, through an honest path, ends equal to the upstream.
    const { report } = await syncThrough(() => undefined, db);
    expect(report.malformedSkipped).toBe(0);
    expect(wrongModes(db)).toEqual([]);
    expect(workModes(db).size).toBe(upstreamModes().size);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });

  it('an incremental sync through a cache that always mixes fails the walk, writes nothing, says so; the next works', async () => {
    const db = freshDb();
    await syncThrough(() => undefined, db);
    h.up.evolve({ add: 400, reverify: 300, seed: 5 });
    const before = db.prepare('SELECT id, work_mode, last_verified_at FROM jobs ORDER BY id').all();
    const cache = mixingCache(() => true);
    const failed = await syncMixed(db, cache.plan);
    expect(cache.mixed()).toBeGreaterThan(0);
    expect(failed?.name).toBe('PageMismatch');
    expect(failed?.message).toMatch(
      /^JobsService\.List walk.*another (walk's )?query.*stopped before writing anything, the card walks start again at the next sync$/,
    );
    // `jobindex sync` exits 7, the upstream's fault, naming it and what it sent (not 2, "invalid request").
    expect(failureOf(upstreamFailure('http://cache.example', failed))).toEqual({
      code: EXIT.upstream,
      message: expect.stringMatching(
        /^sync from http:\/\/cache\.example stopped: the upstream's answers could not be used: JobsService\.List walk.*another (walk's )?query.*; run the same command again to resume$/,
      ) as string,
    });
    // Nothing of the run was written: the jobs are as they were before it.
    expect(db.prepare('SELECT id, work_mode, last_verified_at FROM jobs ORDER BY id').all()).toEqual(before);
    const { report } = await syncThrough(() => undefined, db);
    expect(report.full).toBe(false);
    expect(wrongModes(db)).toEqual([]);
    expect(workModes(db).size).toBe(upstreamModes().size);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });
});
