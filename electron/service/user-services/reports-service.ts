import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import type { ReportsService } from '#shared/gen/svc/reports/v1/reports_pb';
import { checkEmail } from '#shared/rules/account';
import { FieldError } from '#shared/rules/field-error';
import { checkJobReport } from '#shared/rules/report';
import type { UpstreamAnswer } from '../outbox/upstream-accounts.js';
import { jobLabel } from './job-from-index.js';
import type { UserContext } from './user-context.js';
import { outboxReport } from './wire.js';

// The report rules name fields as the REST body does; this service's fields are camelCase.
const FIELD_NAMES: Record<string, string> = { job_id: 'jobId' };

/** A sign-in (or a password-reset request) the upstream refused, as the error the form shows. */
function signInError(res: Exclude<UpstreamAnswer<unknown>, { kind: 'ok' }>, what = 'the sign-in'): ConnectError {
  if (res.kind === 'unreachable')
    return new ConnectError(`the upstream is unreachable (${res.detail}); try again later`, Code.Unavailable);
  if (res.status === 401)
    return new ConnectError('the upstream does not know this e-mail and password', Code.Unauthenticated);
  if (res.status === 429) {
    const wait = res.retryAfterSeconds !== undefined ? ` in ${res.retryAfterSeconds} s` : ' later';
    return new ConnectError(`too many sign-in attempts; try again${wait}`, Code.ResourceExhausted);
  }
  if (res.status === 400) return new ConnectError(`the upstream refused ${what}: ${res.detail}`, Code.InvalidArgument);
  return new ConnectError(`the upstream failed (${res.status}: ${res.detail}); try again later`, Code.Unavailable);
}

export function reportsService(ctx: UserContext): ServiceImpl<typeof ReportsService> {
  const upstreamOrFail = () => {
    const url = ctx.upstream();
    if (!url) throw new ConnectError('no job index service is set: set one in Settings first', Code.FailedPrecondition);
    return url;
  };
  return {
    async signIn(req) {
      if (req.email.trim() === '') throw new FieldError('email', 'is required');
      checkEmail(req.email.trim(), 'email');
      if (req.password === '') throw new FieldError('password', 'is required');
      const res = await ctx.session.signIn(upstreamOrFail(), req.email.trim(), req.password);
      if (res.kind !== 'ok') throw signInError(res);
      // Whatever waited for a session may go now.
      ctx.outbox.wakeAll();
      ctx.sender.kick();
      return { email: res.value.email, verified: res.value.verified };
    },
    async forgotPassword(req) {
      if (req.email.trim() === '') throw new FieldError('email', 'is required');
      checkEmail(req.email.trim(), 'email');
      const upstream = upstreamOrFail();
      const res = await ctx.client.forgotPassword(upstream, req.email.trim());
      if (res.kind !== 'ok') throw signInError(res, 'the password reset');
      return { upstream };
    },
    signOut() {
      ctx.session.forget({ credentials: true });
      return {};
    },
    getAccount() {
      const url = ctx.upstream();
      const account = ctx.session.account();
      const signedIn = url !== undefined && account?.upstream === url && ctx.session.cookie(url) !== undefined;
      return {
        signedIn,
        ...(signedIn && account ? { email: account.email, verified: account.verified } : {}),
        ...(url ? { upstream: url } : {}),
      };
    },
    create(req) {
      let input;
      try {
        input = checkJobReport({
          job_id: req.jobId,
          type: req.type,
          ...(req.message !== undefined ? { message: req.message } : {}),
        });
      } catch (e) {
        if (e instanceof FieldError) throw new FieldError(FIELD_NAMES[e.field] ?? e.field, e.problem);
        throw e;
      }
      const row = ctx.db.transaction(() => {
        // Made again while the first still waits: the waiting one answers (its created_at says so).
        const waiting = ctx.outbox.waiting(input);
        if (waiting) return waiting;
        const added = ctx.outbox.add(input);
        // The user says the posting is gone: it leaves local search now, not after a sync.
        if (input.type === 'expired') {
          const label = jobLabel(ctx, input.job_id);
          ctx.hidden.hide(input.job_id, label.title, label.companyName, 'reported_expired');
        }
        return added;
      })();
      if (input.type === 'expired') ctx.exclusions.changed();
      ctx.sender.kick();
      return { report: outboxReport(row) };
    },
    list() {
      return { data: ctx.outbox.list().map(outboxReport) };
    },
    async retryNow() {
      ctx.outbox.wakeAll();
      return { sent: await ctx.sender.drain() };
    },
  };
}
