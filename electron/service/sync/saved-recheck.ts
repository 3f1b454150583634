import { create } from '@bufbuild/protobuf';
import { GetResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { JobDetails } from '../index-db/read/job-detail.js';
import { jobDetail } from '../index-db/wire.js';
import { loadSanitizer } from '../sanitize/lazy-sanitizer.js';
import type { SavedJobCheck, SavedJobsPort } from './saved-jobs-port.js';
import { Evictions } from './evictions.js';
import { getJob } from './fetch-details.js';
import { forEachLimited } from './pool.js';
import type { SyncContext } from './sync-context.js';
import { Malformed } from './upstream-records.js';

/**
 * Asks the upstream about every saved job. What it says about the index (expired, gone) is staged
 * for the commit; what the port hears is returned, to be told only after the commit succeeds.
 */
export async function recheckSaved(ctx: SyncContext, port: SavedJobsPort): Promise<Map<string, SavedJobCheck>> {
  const ids = [...new Set(port.savedJobIds().map((id) => id.toLowerCase()))];
  ctx.meter.setTotal(ids.length);
  const evictions = new Evictions(ctx.db);
  const checks = new Map<string, SavedJobCheck>();
  await forEachLimited(ids, ctx.concurrency, async (id) => {
    const detail = await getJob(ctx, id).catch((e: unknown) => {
      if (!(e instanceof Malformed)) throw e;
      ctx.malformed(id, e.message); // unchecked this run: the saved job stays as it was
      return null;
    });
    if (detail === null) return;
    if (!detail) {
      checks.set(id, { kind: 'gone' });
      evictions.stagePurge(id);
    } else {
      checks.set(id, { kind: 'detail', detail });
      if (detail.status === 'expired') evictions.stageExpired(detail);
    }
    ctx.counts.savedChecked++;
    ctx.meter.add(1);
  });
  return checks;
}

/**
 * What the saved jobs hear after the commit: the combined truth of every source, not this
 * upstream's alone (docs/decisions/provenance.md). A job a board holds is as its board last read
 * it; a job this upstream calls closed or gone while another source still holds it open stays
 * open, with the local detail.
 */
export async function combinedChecks(
  ctx: SyncContext,
  checks: Map<string, SavedJobCheck>,
): Promise<Map<string, SavedJobCheck>> {
  const out = new Map<string, SavedJobCheck>();
  let details: JobDetails | undefined;
  for (const [id, check] of checks) {
    const closedHere = check.kind === 'gone' || check.detail.status !== 'active';
    const local = ctx.sources.board(id) !== undefined || (closedHere && ctx.sources.othersHoldOpen(id, ctx.source));
    const rec = local ? (details ??= new JobDetails(ctx.db)).get(id) : undefined;
    if (!rec) {
      // This upstream's word stands: a close is its own.
      out.set(id, closedHere ? { ...check, closedBy: ctx.source } : check);
      continue;
    }
    const detail = create(GetResponseSchema, jobDetail(rec, await loadSanitizer()));
    const closedBy = detail.status === 'active' ? undefined : (ctx.sources.closer(id) ?? ctx.source);
    out.set(id, { kind: 'detail', detail, ...(closedBy ? { closedBy } : {}) });
  }
  return out;
}
