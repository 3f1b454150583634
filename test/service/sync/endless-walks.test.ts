// Upstreams whose walks would never end (#17 item 2): a cursor answered back, a cache that
// ignores the POST body, fresh records and cursors forever. Each run must stop with an error
// naming the walk after a handful of requests, stage little, and expire nothing.
import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { PaginationSchema, type Pagination } from '#shared/gen/svc/common/v1/pagination_pb';
import {
  ListJobsRequestSchema,
  ListJobsResponseSchema,
  ListResponseSchema as CompaniesListSchema,
} from '#shared/gen/svc/companies/v1/companies_pb';
import { ListRequestSchema, ListResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { IndexDb } from '#service/index-db/open-index';
import { syncIndex } from '#service/sync/sync-index';
import type { Plan } from './fault-proxy.js';
import { proxiedUpstream } from './proxied-upstream.js';

const LIST = '/svc.jobs.v1.JobsService/List';
const COMPANIES = '/svc.companies.v1.CompaniesService/List';
const LIST_JOBS = '/svc.companies.v1.CompaniesService/ListJobs';
const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 40, retries: 2 };
const JOBS = 900;

const h = proxiedUpstream(JOBS, 17);
const { freshDb } = h;

async function failingSync(plan: Plan, db: IndexDb) {
  const seen = h.proxy.setPlan(plan);
  const error = await syncIndex({ upstream: h.proxy.url, db, retry: FAST_RETRY }).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  // A page asked ahead when the run stopped may still be on its way: let it land here, not in the next test's count.
  await new Promise((r) => setTimeout(r, 300));
  const requests = (path: string) => seen.filter((s) => s.path === path).length;
  return { error, requests };
}

/** A pagination saying more pages follow at `cursor`. */
const morePages = (cursor: string, p: Pagination | undefined): Pagination => ({
  ...create(PaginationSchema),
  ...p,
  hasMore: true,
  nextCursor: cursor,
});

const staged = (db: IndexDb) =>
  db.prepare('SELECT (SELECT count(*) FROM sync_card_log) + (SELECT count(*) FROM sync_cards)').pluck().get() as number;

describe('a walk that would never end stops with a clear error', { timeout: 120_000 }, () => {
  it('JobsService.List answering the cursor it was given', async () => {
    const db = freshDb();
    const { error, requests } = await failingSync(
      (path) =>
        path === LIST
          ? {
              kind: 'rewrite',
              body: (b, request) => {
                const given = fromBinary(ListRequestSchema, request).query?.cursor;
                if (!given) return b;
                const res = fromBinary(ListResponseSchema, b);
                res.pagination = morePages(given, res.pagination);
                return Buffer.from(toBinary(ListResponseSchema, res));
              },
            }
          : undefined,
      db,
    );
    expect(error?.message).toMatch(/JobsService\.List walk .*cursor does not advance/);
    // Three walks, two pages each before the echo is seen, and at most one page asked ahead.
    expect(requests(LIST)).toBeLessThanOrEqual(9);
    expect(staged(db)).toBeLessThanOrEqual(JOBS);
  });

  it('a cache that ignores the POST body in front of CompaniesService.List', async () => {
    const db = freshDb();
    // The cached answer: the first page, with the cursor of a second (this upstream has one page).
    let first: Buffer | undefined;
    const cached = (b: Buffer) => {
      const res = fromBinary(CompaniesListSchema, b);
      res.pagination = morePages('page-2', res.pagination);
      return (first ??= Buffer.from(toBinary(CompaniesListSchema, res)));
    };
    const { error, requests } = await failingSync(
      (path, n) =>
        path === COMPANIES
          ? n === 0
            ? { kind: 'rewrite', body: cached }
            : { kind: 'answer', body: () => first! }
          : undefined,
      db,
    );
    expect(error?.message).toMatch(/CompaniesService\.List walk: .*cursor does not advance/);
    expect(requests(COMPANIES)).toBe(2);
    expect(requests(LIST)).toBe(0);
  });

  it('JobsService.List with fresh records and cursors forever is capped by the upstream’s counts', async () => {
    const db = freshDb();
    const template = (await h.up.clients.jobs.list({ query: { limit: 100 } })).data;
    const { error, requests } = await failingSync(
      (path, n) =>
        path === LIST
          ? {
              kind: 'answer',
              body: () =>
                Buffer.from(
                  toBinary(
                    ListResponseSchema,
                    create(ListResponseSchema, {
                      data: template.map((c) => ({ ...c, id: randomUUID() })),
                      pagination: { hasMore: true, nextCursor: `endless-${n}` },
                    }),
                  ),
                ),
            }
          : undefined,
      db,
    );
    // Stopped by the page budget, or sooner: the same first page each time goes back up the walk's
    // order (page-check.ts, sync-page-checks.md).
    expect(error?.message).toMatch(
      /JobsService\.List walk.*(more than \d+ pages, more than the upstream's own counts|answers another query)/,
    );
    // 900 active jobs upstream: 900 + 10% slack → 10 pages, + 3; three walks, each one page ahead.
    expect(requests(LIST)).toBeLessThanOrEqual(3 * 14);
    expect(staged(db)).toBeLessThanOrEqual(3 * 14 * 100);
  });

  it('CompaniesService.ListJobs answering the cursor it was given, in reconciliation', async () => {
    const db = freshDb();
    await syncIndex({ upstream: h.up.url, db, retry: FAST_RETRY });
    h.up.evolve({ expire: 3, seed: 5 });
    // Each company's first page says more follow at 'same'; asked for 'same', the same page again.
    let last = Buffer.alloc(0);
    const { error, requests } = await failingSync((path, _n, request) => {
      if (path !== LIST_JOBS) return undefined;
      if (fromBinary(ListJobsRequestSchema, request).cursor) return { kind: 'answer', body: () => last };
      return {
        kind: 'rewrite',
        body: (b) => {
          const res = fromBinary(ListJobsResponseSchema, b);
          res.pagination = morePages('same', res.pagination);
          return (last = Buffer.from(toBinary(ListJobsResponseSchema, res)));
        },
      };
    }, db);
    expect(error?.message).toMatch(/CompaniesService\.ListJobs walk of .*cursor does not advance/);
    expect(requests(LIST_JOBS)).toBeLessThanOrEqual(2 * 4);
    expect(db.prepare("SELECT count(*) FROM jobs WHERE status = 'expired'").pluck().get()).toBe(0);
  });
});
