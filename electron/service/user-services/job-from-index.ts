import { create } from '@bufbuild/protobuf';
import { GetResponseSchema, type GetResponse } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { Sanitize } from '../sanitize/lazy-sanitizer.js';
import { readableJob } from '../index-services/jobs-service.js';
import { jobDetail } from '../index-db/wire.js';
import type { UserContext } from './user-context.js';

/** JobsService.Get's answer from the local index (not_found when the index cannot show it). */
export function detailFromIndex(ctx: UserContext, jobId: string, field: string, sanitize: Sanitize): GetResponse {
  return create(GetResponseSchema, jobDetail(readableJob(ctx.index(), jobId, field), sanitize));
}

/** Title and company of a job for lists of hidden jobs: from the index, else a saved snapshot. */
export function jobLabel(ctx: UserContext, jobId: string): { title: string; companyName: string } {
  const rec = ctx.index().details.get(jobId);
  if (rec) return { title: rec.job.title, companyName: rec.job.company_name };
  const saved = ctx.saved.get(jobId);
  return { title: saved?.row.title ?? '', companyName: saved?.row.company_name ?? '' };
}
