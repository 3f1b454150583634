import type { ReportType } from '#shared/rules/vocabulary';
import type { OutboxRow, ReportOutbox } from '../user-db/report-outbox.js';
import { backoffMs } from './backoff.js';
import type { UpstreamAccounts, UpstreamAnswer } from './upstream-accounts.js';
import type { UpstreamSession } from './upstream-session.js';

export interface OutboxSenderOptions {
  /** The upstream's base URL, read at every attempt (settings may change). */
  upstream: () => string | undefined;
  now?: () => number;
  /** Retry on a timer when an attempt fails (default true; tests drive `drain` themselves). */
  timers?: boolean;
  /** Where a failure of the sender itself (not of the upstream) is logged. */
  onError?: (e: unknown) => void;
}

type Failed = Extract<UpstreamAnswer<unknown>, { kind: 'refused' | 'unreachable' }>;

/**
 * Sends the outbox to the upstream: oldest first, one at a time, each with its id as the
 * Idempotency-Key, so a report whose answer was lost is not stored twice when sent again.
 * A report that cannot go yet holds back the ones after it (order is kept); only one the upstream
 * refuses as invalid (400) is set aside. See docs/decisions/report-outbox.md.
 */
export class OutboxSender {
  private running: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => number;

  constructor(
    private readonly outbox: ReportOutbox,
    private readonly session: UpstreamSession,
    private readonly client: UpstreamAccounts,
    private readonly opts: OutboxSenderOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Sends what is due; concurrent calls share one run. Resolves with how many were delivered. */
  drain(): Promise<number> {
    if (!this.running) {
      this.running = this.run().finally(() => (this.running = undefined));
    }
    return this.running;
  }

  /** Starts a drain in the background (after a report is made, a sign-in, a start-up). */
  kick(): void {
    this.drain().catch((e: unknown) =>
      (this.opts.onError ?? ((x: unknown) => console.error('jobindex: report outbox:', x)))(e),
    );
  }

  /** Stops the retry timer (app quit). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async run(): Promise<number> {
    let sent = 0;
    let reloggedIn = false;
    for (;;) {
      const head = this.outbox.head();
      if (head?.state === 'needs_sign_in' && !this.session.cookie(this.opts.upstream() ?? '')) {
        // A report queued behind one that waits for a sign-in waits for it too.
        this.outbox.markAllWaitingForSignIn(head.last_error ?? 'sign in to send reports', this.now());
      }
      if (!head || head.state !== 'queued') return sent;
      const t = this.now();
      if (head.next_attempt_at > t) {
        this.retryAt(head.next_attempt_at);
        return sent;
      }
      const upstream = this.opts.upstream();
      if (!upstream) {
        this.outbox.markWaiting(
          head.id,
          'queued',
          'no job index service is set: reports wait until one is set in Settings',
          t + backoffMs(head.attempts),
        );
        return sent;
      }
      const cookie = this.session.cookie(upstream);
      if (!cookie) {
        this.outbox.markAllWaitingForSignIn('sign in to send reports', t);
        return sent;
      }
      const res = await this.client.postReport(upstream, cookie, head.id, {
        job_id: head.job_id,
        type: head.type as ReportType,
        message: head.message,
      });
      if (res.kind === 'ok') {
        this.outbox.markSent(head.id, res.value.upstreamId);
        sent++;
        continue;
      }
      if (res.kind === 'refused' && res.status === 401 && !reloggedIn) {
        // The session expired: sign in again once with the remembered password, then retry.
        reloggedIn = true;
        this.session.forget({ credentials: false });
        const again = await this.session.relogin(upstream);
        if (again?.kind === 'ok') continue;
        if (again && !(again.kind === 'refused' && again.status === 401)) {
          this.failed(head, again);
          return sent;
        }
        this.needsSignIn(head, 'the upstream session has expired: sign in again to send reports');
        return sent;
      }
      if (res.kind === 'refused' && res.status === 400) {
        this.outbox.markFailed(head.id, 'rejected', `the upstream refused this report: ${res.detail}`, t);
        continue;
      }
      this.failed(head, res);
      return sent;
    }
  }

  private failed(head: OutboxRow, res: Failed): void {
    const t = this.now();
    if (res.kind === 'refused' && res.status === 401)
      return this.needsSignIn(head, 'the upstream session has expired: sign in again to send reports');
    if (res.kind === 'refused' && res.status === 403) {
      this.outbox.markFailed(
        head.id,
        'blocked',
        'blocked: e-mail not verified — verify your e-mail address with the upstream, then retry',
        t,
      );
      return;
    }
    if (res.kind === 'refused' && res.status === 429) {
      const wait = Math.max(1, res.retryAfterSeconds ?? backoffMs(head.attempts) / 1000);
      this.outbox.markFailed(
        head.id,
        'queued',
        `the upstream is rate limiting; retrying in ${Math.ceil(wait)} s`,
        t + wait * 1000,
      );
      this.retryAt(t + wait * 1000);
      return;
    }
    const why =
      res.kind === 'unreachable'
        ? `the upstream is unreachable (${res.detail})`
        : `the upstream failed (${res.status}: ${res.detail})`;
    const at = t + backoffMs(head.attempts);
    this.outbox.markFailed(head.id, 'queued', `${why}; retrying in ${Math.round((at - t) / 1000)} s`, at);
    this.retryAt(at);
  }

  private needsSignIn(head: OutboxRow, why: string): void {
    this.outbox.markFailed(head.id, 'needs_sign_in', why, this.now());
  }

  private retryAt(at: number): void {
    if (this.opts.timers === false || this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), Math.max(0, at - this.now()));
    this.timer.unref();
  }
}
