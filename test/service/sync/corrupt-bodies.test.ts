// Bodies that cannot be decoded (#17 item 3): cut short with a matching Content-Length. A body
// bad once is retried like any transient fault; a record whose answer stays bad is skipped and
// counted; a run that fails keeps the details it fetched.
import { fromBinary } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it } from 'vitest';
import { GetRequestSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { IndexDb } from '#service/index-db/open-index';
import { FAST_RETRY, proxiedUpstream } from './proxied-upstream.js';
import { answers, localClients } from './sync-harness.js';

const LIST = '/svc.jobs.v1.JobsService/List';
const GET = '/svc.jobs.v1.JobsService/Get';
const JOBS = 150;

const h = proxiedUpstream(JOBS, 41);
const { freshDb, syncThrough } = h;
/** Active jobs upstream: what a first sync fetches a detail for. */
let active: number;

beforeAll(async () => {
  active = (await h.up.clients.meta.getInfo({})).jobCount;
});

/** The body cut short in the middle of a field; the proxy sends a Content-Length that matches. */
const truncated = { kind: 'rewrite', body: (b: Buffer) => b.subarray(0, Math.max(1, b.length - 7)) } as const;
const getId = (request: Buffer) => fromBinary(GetRequestSchema, request).id;
const jobCount = (db: IndexDb) => db.prepare('SELECT count(*) FROM jobs').pluck().get() as number;

describe('sync against an upstream sending undecodable bodies', { timeout: 120_000 }, () => {
  it('retries a truncated List page and truncated Get answers, and ends equal to the upstream', async () => {
    const db = freshDb();
    const { report, seen } = await syncThrough(
      (path, n) => ((path === GET && n % 25 === 3) || (path === LIST && n === 1) ? truncated : undefined),
      db,
    );
    const faults = seen.filter((s) => s.fault).length;
    expect(faults).toBeGreaterThanOrEqual(1 + Math.floor(active / 25));
    expect(report.retries).toBe(faults);
    expect(report.malformedSkipped).toBe(0);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });

  it('skips and counts a job whose answer stays undecodable; the others are written', async () => {
    const db = freshDb();
    let bad = '';
    const { report, seen } = await syncThrough(
      (path, _n, request) => {
        if (path !== GET) return undefined;
        bad ||= getId(request);
        return getId(request) === bad ? truncated : undefined;
      },
      db,
      { retry: { ...FAST_RETRY, retries: 2 } },
    );
    // The first ask and two retries, then the record is given up on (reconciliation asks once more, likewise).
    expect(seen.filter((s) => s.path === GET && s.fault).length).toBeGreaterThanOrEqual(3);
    expect(report.malformedSkipped).toBeGreaterThanOrEqual(1);
    expect(report.malformedExamples).toContainEqual({
      id: bad,
      reason: expect.stringMatching(/^detail: the upstream's answer could not be decoded \(parse binary: /),
    });
    expect(report.jobsWritten).toBe(active - 1);
    expect(db.prepare('SELECT count(*) FROM jobs WHERE id = ?').pluck().get(bad)).toBe(0);
  });

  it('a run that fails keeps the details it fetched; the next run asks only for the rest', async () => {
    const db = freshDb();
    // Get works for the first 60 requests, then fails for good.
    await expect(
      syncThrough((path, n) => (path === GET && n >= 60 ? { kind: 'status', status: 500 } : undefined), db, {
        retry: { ...FAST_RETRY, retries: 1 },
        concurrency: 4,
      }),
    ).rejects.toThrow();
    const kept = jobCount(db);
    expect(kept).toBeGreaterThanOrEqual(55);
    const { report, seen } = await syncThrough(() => undefined, db);
    expect(report.resumed).toBe(true);
    expect(seen.filter((s) => s.path === GET).length).toBe(active - kept);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });
});
