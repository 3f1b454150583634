import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import {
  FoldedPageSchema,
  GetSimilarResponseSchema,
  ListResponseSchema,
  type JobsService,
} from '#shared/gen/svc/jobs/v1/jobs_pb';
import { FieldError } from '#shared/rules/field-error';
import { isUuid } from '#shared/rules/ids';
import { normalizeJobQuery, normalizeLimit } from '#shared/rules/job-query';
import { EXPIRED_RETENTION_MS, PAGE_LIMIT, SIMILAR_LIMIT } from '#shared/rules/limits';
import type { JobDetailRecord } from '../index-db/read/job-detail.js';
import { loadSanitizer } from '../sanitize/lazy-sanitizer.js';
import type { IndexContext } from './index-context.js';
import { cardPage } from './card-page.js';
import { foldedRoles, jobDetail, jobExportFields, pagination } from '../index-db/wire.js';

/** A job as Get sees it: missing, or expired longer ago than the spec keeps details, is not found. */
export function readableJob(ctx: IndexContext, id: string, field = 'id'): JobDetailRecord {
  if (!isUuid(id)) throw new FieldError(field, `must be a job id (a uuid), got ${JSON.stringify(id)}`);
  const rec = ctx.details.get(id.toLowerCase());
  const purged = rec?.job.expired_at != null && rec.job.expired_at < ctx.now() - EXPIRED_RETENTION_MS;
  if (!rec || purged) throw new ConnectError(`job ${id} not found`, Code.NotFound);
  return rec;
}

export function jobsService(ctx: IndexContext): ServiceImpl<typeof JobsService> {
  return {
    list(req, call) {
      const q = normalizeJobQuery(req.query ?? {});
      const page = ctx.search.list(q);
      const res = cardPage(ListResponseSchema, call, page.rows, pagination(page));
      if (q.fold) res.folded = create(FoldedPageSchema, { roles: foldedRoles(page.rows) });
      return res;
    },
    async get(req) {
      const job = readableJob(ctx, req.id);
      return jobDetail(job, await loadSanitizer());
    },
    getSimilar(req, call) {
      const limit = normalizeLimit(req.limit, 'limit', SIMILAR_LIMIT);
      const { job } = readableJob(ctx, req.id);
      return cardPage(GetSimilarResponseSchema, call, ctx.similar.find(job, limit), { hasMore: false });
    },
    getExportFields(req) {
      if (req.ids.length < PAGE_LIMIT.min || req.ids.length > PAGE_LIMIT.max) {
        throw new FieldError('ids', `must hold ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max} job ids, got ${req.ids.length}`);
      }
      req.ids.forEach((id, i) => {
        if (!isUuid(id)) throw new FieldError(`ids[${i}]`, `must be a job id (a uuid), got ${JSON.stringify(id)}`);
      });
      return { data: ctx.details.exportFields(req.ids.map((id) => id.toLowerCase())).map(jobExportFields) };
    },
  };
}
