import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import type { SavedJobsService } from '#shared/gen/svc/saved/v1/saved_pb';
import { normalizeText } from '#shared/rules/job-query';
import { calendarDay, jobId, notes, savedSort, trackingStage } from '#shared/rules/tracking';
import { loadSanitizer } from '../sanitize/lazy-sanitizer.js';
import type { SavedJobRecord } from '../user-db/saved-jobs.js';
import { openState, snapshotOf } from '../user-db/snapshot.js';
import { detailFromIndex } from './job-from-index.js';
import type { UserContext } from './user-context.js';
import { savedJob } from './wire.js';

function found(rec: SavedJobRecord | undefined, id: string): SavedJobRecord {
  if (!rec) throw new ConnectError(`job ${id} is not saved`, Code.NotFound);
  return rec;
}

export function savedJobsService(ctx: UserContext): ServiceImpl<typeof SavedJobsService> {
  return {
    async save(req) {
      const id = jobId(req.jobId);
      // Loaded before anything is read, so the check and the write below are one synchronous step.
      const sanitize = await loadSanitizer();
      // An unsaved job whose tracking is kept comes back whole, even when the index lost it.
      const had = ctx.saved.get(id) ?? ctx.saved.restore(id);
      if (had) return { job: savedJob(had) };
      const detail = detailFromIndex(ctx, id, 'jobId', sanitize);
      return { job: savedJob(ctx.saved.save(id, snapshotOf(detail, sanitize), openState(detail, ctx.now()))) };
    },
    unsave(req) {
      return { removed: ctx.saved.remove(jobId(req.jobId)) };
    },
    get(req) {
      const id = jobId(req.jobId);
      return { job: savedJob(found(ctx.saved.get(id), id)) };
    },
    list(req) {
      const text = normalizeText(req.text, 'text');
      const rows = ctx.saved.list({
        ...(req.stage ? { stage: trackingStage(req.stage) } : {}),
        ...(text !== undefined ? { text } : {}),
        ...(req.closed !== undefined ? { closed: req.closed } : {}),
        ...(req.followUpBy ? { followUpBy: calendarDay(req.followUpBy, 'followUpBy') } : {}),
        sort: savedSort(req.sort),
      });
      return { data: rows.map(savedJob) };
    },
    listIds() {
      return { data: ctx.saved.ids().map((r) => ({ jobId: r.job_id, stage: r.stage })) };
    },
    move(req) {
      const id = jobId(req.jobId);
      return { job: savedJob(found(ctx.saved.move(id, trackingStage(req.stage)), id)) };
    },
    setNotes(req) {
      const id = jobId(req.jobId);
      return { job: savedJob(found(ctx.saved.setNotes(id, notes(req.notes)), id)) };
    },
    setFollowUp(req) {
      const id = jobId(req.jobId);
      const day = req.followUpOn ? calendarDay(req.followUpOn, 'followUpOn') : null;
      return { job: savedJob(found(ctx.saved.setFollowUp(id, day), id)) };
    },
  };
}
