import { randomUUID } from 'node:crypto';
import type { JobReportInput } from '#shared/rules/report';
import type { UserDb } from './open-user-db.js';

/** Delivery states (docs/decisions/report-outbox.md). */
export type OutboxState = 'queued' | 'sent' | 'needs_sign_in' | 'blocked' | 'rejected';

export interface OutboxRow {
  seq: number;
  id: string;
  job_id: string;
  type: string;
  message: string | null;
  created_at: number;
  state: OutboxState;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  sent_at: number | null;
  upstream_id: string | null;
}

/** Reports waiting for the upstream, in the order they were made. */
export class ReportOutbox {
  constructor(
    private readonly db: UserDb,
    private readonly now: () => number = Date.now,
  ) {}

  add(input: JobReportInput): OutboxRow {
    const t = this.now();
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO report_outbox (id, job_id, type, message, created_at, state, next_attempt_at)
        VALUES (?, ?, ?, ?, ?, 'queued', ?)`,
      )
      .run(id, input.job_id, input.type, input.message, t, t);
    return this.get(id)!;
  }

  /**
   * The same report (job, type and message) still waiting in the outbox, if any: making it again
   * adds no second row (issue 31 item 10; report-outbox.md).
   */
  waiting(input: JobReportInput): OutboxRow | undefined {
    return this.db
      .prepare<[string, string, string | null], OutboxRow>(
        `SELECT * FROM report_outbox WHERE job_id = ? AND type = ? AND coalesce(message, '') = coalesce(?, '')
        AND state IN ('queued', 'needs_sign_in', 'blocked') ORDER BY seq LIMIT 1`,
      )
      .get(input.job_id, input.type, input.message);
  }

  get(id: string): OutboxRow | undefined {
    return this.db.prepare<[string], OutboxRow>('SELECT * FROM report_outbox WHERE id = ?').get(id);
  }

  /** Newest first. */
  list(): OutboxRow[] {
    return this.db.prepare<[], OutboxRow>('SELECT * FROM report_outbox ORDER BY seq DESC').all();
  }

  /** The oldest report not yet delivered or given up on: the only one that may be sent next. */
  head(): OutboxRow | undefined {
    return this.db
      .prepare<[], OutboxRow>(
        "SELECT * FROM report_outbox WHERE state IN ('queued', 'needs_sign_in', 'blocked') ORDER BY seq LIMIT 1",
      )
      .get();
  }

  markSent(id: string, upstreamId: string): void {
    this.db
      .prepare(
        "UPDATE report_outbox SET state = 'sent', sent_at = ?, upstream_id = ?, last_error = NULL, attempts = attempts + 1 WHERE id = ?",
      )
      .run(this.now(), upstreamId, id);
  }

  /** A failed attempt: `retryAt` is when the pump may try again. */
  markFailed(id: string, state: Exclude<OutboxState, 'sent'>, error: string, retryAt: number): void {
    this.db
      .prepare(
        'UPDATE report_outbox SET state = ?, last_error = ?, next_attempt_at = ?, attempts = attempts + 1 WHERE id = ?',
      )
      .run(state, error, retryAt, id);
  }

  /** Held back before any attempt (no upstream, not signed in): nothing was sent, so no attempt is counted. */
  markWaiting(id: string, state: 'queued' | 'needs_sign_in', why: string, retryAt: number): void {
    this.db
      .prepare('UPDATE report_outbox SET state = ?, last_error = ?, next_attempt_at = ? WHERE id = ?')
      .run(state, why, retryAt, id);
  }

  /**
   * No session: every report still queued waits for a sign-in too, and says so, instead of
   * reading "next try now" behind one that waits (reports go one at a time, oldest first).
   */
  markAllWaitingForSignIn(why: string, at: number): void {
    this.db
      .prepare(
        "UPDATE report_outbox SET state = 'needs_sign_in', last_error = ?, next_attempt_at = ? WHERE state IN ('queued', 'needs_sign_in')",
      )
      .run(why, at);
  }

  /** Everything waiting becomes due now (a sign-in, or the user asked). */
  wakeAll(): void {
    this.db
      .prepare(
        "UPDATE report_outbox SET state = 'queued', next_attempt_at = ? WHERE state IN ('queued', 'needs_sign_in', 'blocked')",
      )
      .run(this.now());
  }
}
