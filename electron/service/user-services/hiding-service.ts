import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import type { HidingService } from '#shared/gen/svc/hiding/v1/hiding_pb';
import { companySlug } from '#shared/rules/hiding';
import { jobId } from '#shared/rules/tracking';
import { jobLabel } from './job-from-index.js';
import type { UserContext } from './user-context.js';
import { blockedCompany, hiddenJob } from './wire.js';

export function hidingService(ctx: UserContext): ServiceImpl<typeof HidingService> {
  return {
    hideJob(req) {
      const id = jobId(req.jobId);
      const label = jobLabel(ctx, id);
      // Undo of an unhide (this process just lifted it): hidden again as it was, in or out of the index.
      const row =
        ctx.hidden.rehide(id) ??
        (label.title === '' ? undefined : ctx.hidden.hide(id, label.title, label.companyName, 'hidden'));
      if (!row) throw new ConnectError(`job ${id} not found`, Code.NotFound);
      ctx.exclusions.changed();
      return { job: hiddenJob(row) };
    },
    unhideJob(req) {
      const removed = ctx.hidden.unhide(jobId(req.jobId));
      ctx.exclusions.changed();
      return { removed };
    },
    blockCompany(req) {
      const slug = companySlug(req.companySlug);
      const company = ctx.index().companies.get(slug);
      const row = ctx.blocked.reblock(slug) ?? (company ? ctx.blocked.block(company.slug, company.name) : undefined);
      if (!row) throw new ConnectError(`company ${slug} not found`, Code.NotFound);
      ctx.exclusions.changed();
      return { company: blockedCompany(row) };
    },
    unblockCompany(req) {
      const removed = ctx.blocked.unblock(companySlug(req.companySlug));
      ctx.exclusions.changed();
      return { removed };
    },
    list() {
      return { jobs: ctx.hidden.list().map(hiddenJob), companies: ctx.blocked.list().map(blockedCompany) };
    },
  };
}
