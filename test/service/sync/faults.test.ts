// Sync through a fault-injecting proxy in front of a real `jobindex serve`: 500, 503 and 429 with
// Retry-After, a slow answer, a dropped connection, malformed records. Each run must still end
// equal to the upstream; a run that fails must not expire anything.
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { GetResponseSchema, ListResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { Seen } from './fault-proxy.js';
import { FAST_RETRY, proxiedUpstream } from './proxied-upstream.js';
import { answers, localClients, MemorySaved, walkList } from './sync-harness.js';

const LIST = '/svc.jobs.v1.JobsService/List';
const GET = '/svc.jobs.v1.JobsService/Get';
const COMPANIES = '/svc.companies.v1.CompaniesService/List';
const LIST_JOBS = '/svc.companies.v1.CompaniesService/ListJobs';
const h = proxiedUpstream(120, 33);
const { freshDb, syncThrough } = h;

/** Milliseconds between the faulty answer to `path` and the same request sent again. */
function gapAfterFault(seen: Seen[], path: string): number {
  const i = seen.findIndex((s) => s.path === path && s.fault);
  const again = seen.slice(i + 1).find((s) => s.path === path && s.body === seen[i]!.body)!;
  return again.at - seen[i]!.at;
}

describe('sync against a faulty upstream', { timeout: 120_000 }, () => {
  it('retries 500 and 503 with backoff and ends equal to the upstream', async () => {
    const db = freshDb();
    const { report } = await syncThrough(
      (path, n) =>
        (path === LIST && (n === 1 || n === 2)) || (path === GET && n % 40 === 5)
          ? { kind: 'status', status: n % 2 ? 500 : 503 }
          : undefined,
      db,
    );
    expect(report.retries).toBeGreaterThanOrEqual(4);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });

  it('honours Retry-After on 429 and on 503', async () => {
    const db = freshDb();
    const { report, seen } = await syncThrough(
      (path, n) =>
        path === COMPANIES && n === 0
          ? { kind: 'status', status: 503, headers: { 'retry-after': '1' } }
          : path === GET && n === 3
            ? { kind: 'status', status: 429, headers: { 'retry-after': '1' } }
            : undefined,
      db,
    );
    expect(report.retries).toBe(2);
    expect(gapAfterFault(seen, COMPANIES)).toBeGreaterThanOrEqual(990);
    // Backoff alone (5–40 ms here) would have retried far sooner than the second asked for.
    expect(gapAfterFault(seen, GET)).toBeGreaterThanOrEqual(990);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });

  it('times out a slow answer and retries it', async () => {
    const db = freshDb();
    const { report } = await syncThrough(
      (path, n) => (path === LIST && n === 0 ? { kind: 'delay', ms: 3000 } : undefined),
      db,
      {
        retry: { ...FAST_RETRY, timeoutMs: 600 },
      },
    );
    expect(report.retries).toBe(1);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });

  it('retries a connection dropped in the middle of a body', async () => {
    const db = freshDb();
    const { report } = await syncThrough(
      (path, n) => ((path === LIST || path === GET) && n === 1 ? { kind: 'drop' } : undefined),
      db,
    );
    expect(report.retries).toBe(2);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });

  it('skips and counts malformed records, and reconciliation recovers them from a clean answer', async () => {
    const db = freshDb();
    let badCard = '';
    let badDetail = '';
    const { report } = await syncThrough((path, n) => {
      if (path === LIST && n === 0) {
        return {
          kind: 'rewrite',
          body: (b) => {
            const res = fromBinary(ListResponseSchema, b);
            badCard = res.data[0]!.id;
            res.data[0]!.employmentType = 'sometimes';
            return Buffer.from(toBinary(ListResponseSchema, res));
          },
        };
      }
      if (path === GET && n === 2) {
        return {
          kind: 'rewrite',
          body: (b) => {
            const d = fromBinary(GetResponseSchema, b);
            badDetail = d.id;
            d.id = 'not-a-uuid';
            return Buffer.from(toBinary(GetResponseSchema, d));
          },
        };
      }
      return undefined;
    }, db);
    expect(report.malformedSkipped).toBe(2);
    expect(report.malformedExamples.map((m) => m.reason)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^card\.employmentType: unknown "sometimes"/),
        expect.stringMatching(/^detail\.id: not a uuid/),
      ]),
    );
    expect(report.malformedExamples.map((m) => m.id)).toContain(badCard);
    expect(badDetail).not.toBe('');
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });

  it('a failed sync expires nothing; the next successful one does', async () => {
    const db = h.dbs[0]!;
    const { expired } = h.up.evolve({ expire: 5, seed: 8 });
    const inSearch = async () => {
      const ids = new Set((await walkList(localClients(db), {})).map((c) => (c as { id: string }).id));
      return expired.filter((id) => ids.has(id)).length;
    };
    expect(await inSearch()).toBe(5);
    // Reconciliation's ListJobs fails for good: the run stops before its commit.
    const saved = new MemorySaved(expired);
    await expect(
      syncThrough((path) => (path === LIST_JOBS ? { kind: 'status', status: 500 } : undefined), db, {
        retry: { ...FAST_RETRY, retries: 2 },
        savedJobs: saved,
      }),
    ).rejects.toThrow();
    expect(await inSearch()).toBe(5);
    expect(saved.checks.size).toBe(0);
    expect(db.prepare("SELECT count(*) FROM jobs WHERE status = 'expired'").pluck().get()).toBe(0);
    const { report } = await syncThrough(() => undefined, db, { savedJobs: saved });
    expect(report.resumed).toBe(true);
    expect([...saved.checks.values()]).toEqual(Array(5).fill('expired'));
    expect(report.expired).toBe(5);
    expect(await inSearch()).toBe(0);
    expect(await answers(localClients(db))).toEqual(await answers(h.up.clients));
  });
});
