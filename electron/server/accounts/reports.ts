import { randomUUID } from 'node:crypto';
import type { JobReportInput } from '#shared/rules/report';
import type { AccountsDb } from './open-accounts.js';

/** A stored report as the API returns it (201 body of POST /v1/reports). */
export interface StoredReport {
  id: string;
  job_id: string;
  type: string;
  message: string | null;
  /** ISO 8601, UTC. */
  created_at: string;
}

export function insertReport(
  db: AccountsDb,
  input: JobReportInput,
  userId: number,
  requestId: string,
  now: number,
  idempotencyKey: string | null = null,
): StoredReport {
  const id = randomUUID();
  db.prepare(
    'INSERT INTO reports (id, job_id, type, message, user_id, created_at, request_id, idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(id, input.job_id, input.type, input.message, userId, now, requestId, idempotencyKey);
  return {
    id,
    job_id: input.job_id,
    type: input.type,
    message: input.message,
    created_at: new Date(now).toISOString(),
  };
}

/** The report this user already filed under `key`, if any. */
export function reportByIdempotencyKey(db: AccountsDb, userId: number, key: string): StoredReport | undefined {
  const row = db
    .prepare<[number, string], Omit<StoredReport, 'created_at'> & { created_at: number }>(
      'SELECT id, job_id, type, message, created_at FROM reports WHERE user_id = ? AND idempotency_key = ?',
    )
    .get(userId, key);
  return row && { ...row, created_at: new Date(row.created_at).toISOString() };
}
