import { Code, ConnectError } from '@connectrpc/connect';
import type { JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import { isSampleIndex } from '../index-db/write/clear-sample.js';
import { HELD_BY_OTHERS } from '../index-db/write/job-sources.js';
import { Evictions } from './evictions.js';
import { getJob } from './fetch-details.js';
import { CardStager, mergeStagedCards } from './pull-cards.js';
import { forEachLimited } from './pool.js';
import type { SyncContext } from './sync-context.js';
import { Malformed } from './upstream-records.js';
import { WalkGuard } from './walk-guard.js';

const PAGE = 100;

/**
 * Jobs this run answers for: held by this upstream, or by no source at all (the sample, a job
 * from before provenance). A job another source holds is that source's to reconcile
 * (docs/decisions/provenance.md). Binds @src.
 */
const ALL_OURS = `j.id NOT IN (${HELD_BY_OTHERS})`;
/** In a sample index the unattributed jobs are the sample's, which the commit clears without asking. */
const OURS_IN_SAMPLE = `${ALL_OURS} AND EXISTS (SELECT 1 FROM job_sources s WHERE s.job_id = j.id AND s.source = @src)`;

/**
 * Expiry detection. List never shows an expired job, so absence is the only sign, and absence is
 * checked where counts disagree: for each company whose upstream activeJobCount differs from the
 * local active count, CompaniesService.ListJobs gives its active ids. Local jobs missing there are
 * confirmed one by one with Get (expired / not_found become evictions for the commit); upstream
 * jobs missing here are staged like any new card. Jobs another source holds (a followed board's,
 * HELD_BY_OTHERS) are neither counted nor checked: its absence says nothing of them.
 */
export async function reconcile(ctx: SyncContext): Promise<void> {
  const OURS = isSampleIndex(ctx.db) ? OURS_IN_SAMPLE : ALL_OURS;
  const mismatched = ctx.db
    .prepare<[{ src: string }], { id: string; cid: number; upstream: number; unlisted: number; local: number }>(
      `SELECT c.id, c.cid, coalesce(u.count, 0) AS upstream, u.id IS NULL AS unlisted,
         (SELECT count(*) FROM jobs j WHERE j.company_cid = c.cid AND j.status = 'active'
            AND j.id NOT IN (SELECT id FROM sync_evictions) AND ${OURS}) AS local
       FROM companies c LEFT JOIN sync_company_counts u ON u.id = c.id
       WHERE upstream <> local
          OR (unlisted AND EXISTS (SELECT 1 FROM jobs j WHERE j.company_cid = c.cid AND j.id NOT IN (SELECT id FROM sync_evictions) AND ${OURS}))`,
    )
    .all({ src: ctx.source });
  ctx.meter.setTotal(mismatched.length);
  const localActive = ctx.db
    .prepare<[{ cid: number; src: string }], string>(
      `SELECT id FROM jobs j WHERE company_cid = @cid AND status = 'active' AND id NOT IN (SELECT id FROM sync_evictions) AND ${OURS}`,
    )
    .pluck();
  // A company the upstream no longer lists: its expired jobs are checked too, so it can go.
  const localAll = ctx.db
    .prepare<[{ cid: number; src: string }], string>(
      `SELECT id FROM jobs j WHERE company_cid = @cid AND id NOT IN (SELECT id FROM sync_evictions) AND ${OURS}`,
    )
    .pluck();
  const staged = ctx.db.prepare('SELECT 1 FROM sync_cards WHERE id = ?').pluck();
  const evictions = new Evictions(ctx.db);
  const stager = new CardStager(ctx);

  await forEachLimited(mismatched, Math.max(1, Math.floor(ctx.concurrency / 2)), async (company) => {
    const upstream = await companyJobs(ctx, company.id, company.upstream);
    const missing = [...upstream.values()].filter((c) => !staged.get(c.id.toLowerCase()));
    // ListJobs drops workMode, so these cards carry none ('' → the detail's or remote's).
    ctx.writer.transaction(() => {
      missing.forEach((c) => stager.add(c, ''));
      mergeStagedCards(ctx);
    });
    const gone = (company.unlisted ? localAll : localActive)
      .all({ cid: company.cid, src: ctx.source })
      .filter((id) => !upstream.has(id));
    await forEachLimited(gone, 2, async (id) => {
      const d = await getJob(ctx, id).catch((e: unknown) => {
        if (!(e instanceof Malformed)) throw e;
        ctx.malformed(id, e.message); // not evicted: only a readable answer can say it closed
        return null;
      });
      if (d === null) return;
      if (!d) evictions.stagePurge(id);
      else if (d.status === 'expired') evictions.stageExpired(d);
    });
    ctx.meter.add(1);
  });
}

/**
 * Every active job of one company by ListJobs (empty when the upstream no longer has the company),
 * no more pages than its `activeJobCount` makes plausible.
 */
async function companyJobs(ctx: SyncContext, id: string, activeJobCount: number): Promise<Map<string, JobCard>> {
  const out = new Map<string, JobCard>();
  const guard = new WalkGuard(`CompaniesService.ListJobs walk of ${id}`, { expected: activeJobCount, pageSize: PAGE });
  let cursor: string | undefined;
  for (;;) {
    let res;
    try {
      res = await ctx.up.companies.listJobs({ id, limit: PAGE, cursor }, { signal: ctx.signal });
    } catch (e) {
      if (e instanceof ConnectError && e.code === Code.NotFound) return out;
      throw e;
    }
    const sent = cursor;
    cursor = res.pagination?.hasMore ? res.pagination.nextCursor : undefined;
    guard.page(
      sent,
      res.data.map((c) => c.id),
      cursor,
    );
    for (const c of res.data) out.set(c.id.toLowerCase(), c);
    if (!cursor) return out;
  }
}
