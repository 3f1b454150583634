import { EXPIRED_RETENTION_MS } from '#shared/rules/limits';
import { setMeta } from '../index-db/meta.js';
import { removeSample } from '../index-db/write/clear-sample.js';
import { refreshStats } from '../index-db/write/refresh-stats.js';
import { countsStale } from '../index-db/write/stale-mark.js';
import { Evictions } from './evictions.js';
import type { SyncContext } from './sync-context.js';

/**
 * The end of a successful run, in one transaction: the confirmed evictions, the 30-day purge, the
 * new high-water marks, the stats every search depends on (facets, search_terms, index_version)
 * when jobs changed, and forgetting the run. Killed before it, the run resumes; killed during it, nothing changed.
 */
export function commitRun(ctx: SyncContext, now: number): void {
  const { db, writer, state, run } = ctx;
  writer.transaction(() => {
    // Real data arrived: the sample leaves (what this upstream holds stays).
    const sample = removeSample(db, writer, now);
    ctx.counts.purged += sample.jobs;
    ctx.counts.companiesRemoved += sample.companies;
    const { expired, purged } = new Evictions(db).apply(writer, ctx.sources, ctx.source);
    ctx.counts.expired += expired;
    ctx.counts.purged += purged + writer.purgeExpiredBefore(now - EXPIRED_RETENTION_MS);
    // Companies the upstream no longer lists (the run walked its whole list) once their jobs are gone.
    const unlisted = db
      .prepare<[], string>('SELECT id FROM companies WHERE id NOT IN (SELECT id FROM sync_company_counts)')
      .pluck()
      .all();
    for (const id of unlisted) if (writer.deleteCompanyWithoutJobs(id)) ctx.counts.companiesRemoved++;
    const walks = Object.values(run.walks);
    const before = state.marks(run.upstream);
    const max = (f: (w: (typeof walks)[number]) => number, prev: number | undefined) =>
      Math.max(prev ?? 0, ...walks.map(f));
    const discovered = max((w) => w.maxDiscovered, before?.discovered);
    const verified = max((w) => w.maxVerified, before?.verified);
    // An upstream with no jobs yet gives no marks; the next run is a full pull again.
    if (discovered > 0 && verified > 0) state.setMarks({ upstream: run.upstream, discovered, verified });
    state.clearRun();
    setMeta(db, 'last_sync_at', String(now));
    setMeta(db, 'upstream', run.upstream);
    // Only when a job was written since the last refresh (stale-mark.ts): a run that changed
    // nothing, as the walk right after adopting a snapshot, keeps the counts it has.
    if (countsStale(db)) refreshStats(db, now);
  });
}
