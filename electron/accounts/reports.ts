import { randomUUID } from 'node:crypto';
import type { JobReportInput } from '../../shared/rules/report.js';
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

export function insertReport(db: AccountsDb, input: JobReportInput, userId: number, requestId: string, now: number): StoredReport {
  const id = randomUUID();
  db.prepare('INSERT INTO reports (id, job_id, type, message, user_id, created_at, request_id) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    id,
    input.job_id,
    input.type,
    input.message,
    userId,
    now,
    requestId,
  );
  return { id, job_id: input.job_id, type: input.type, message: input.message, created_at: new Date(now).toISOString() };
}
