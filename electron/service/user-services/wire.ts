import { fromJsonString, type MessageInitShape, type create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import type { BlockedCompanySchema, HiddenJobSchema } from '#shared/gen/svc/hiding/v1/hiding_pb';
import type { OutboxReportSchema } from '#shared/gen/svc/reports/v1/reports_pb';
import type { SavedJobSchema } from '#shared/gen/svc/saved/v1/saved_pb';
import type { SavedSearchSchema } from '#shared/gen/svc/searches/v1/searches_pb';
import { GetResponseSchema, JobQuerySchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { BlockedCompanyRow } from '../user-db/blocked-companies.js';
import type { HiddenJobRow } from '../user-db/hidden-jobs.js';
import type { OutboxRow } from '../user-db/report-outbox.js';
import type { SavedJobRecord } from '../user-db/saved-jobs.js';
import type { SavedSearchRow } from '../user-db/saved-searches.js';

// Rows of the user file → the wire shapes of the user services (as protobuf init objects).

type Init<S extends Parameters<typeof create>[0]> = Exclude<MessageInitShape<S>, { $typeName: string }>;

export function savedJob({ row, history }: SavedJobRecord): Init<typeof SavedJobSchema> {
  const out: Init<typeof SavedJobSchema> = {
    jobId: row.job_id,
    snapshot: fromJsonString(GetResponseSchema, row.snapshot_json),
    stage: row.stage,
    history: history.map((m) => ({ stage: m.stage, movedAt: timestampFromMs(m.moved_at) })),
    notes: row.notes,
    savedAt: timestampFromMs(row.saved_at),
    updatedAt: timestampFromMs(row.updated_at),
    closed: row.closed_at !== null,
  };
  if (row.follow_up_on !== null) out.followUpOn = row.follow_up_on;
  if (row.closed_at !== null) out.closedAt = timestampFromMs(row.closed_at);
  if (row.closed_at !== null && row.closed_by) out.closedBy = row.closed_by;
  if (row.last_seen_open_at !== null) out.lastSeenOpenAt = timestampFromMs(row.last_seen_open_at);
  if (row.last_checked_at !== null) out.lastCheckedAt = timestampFromMs(row.last_checked_at);
  return out;
}

export function savedSearch(
  row: SavedSearchRow,
  news: { count: number; capped: boolean },
): Init<typeof SavedSearchSchema> {
  return {
    id: row.id,
    name: row.name,
    query: fromJsonString(JobQuerySchema, row.query_json),
    createdAt: timestampFromMs(row.created_at),
    openedAt: timestampFromMs(row.opened_at),
    newCount: news.count,
    newCountCapped: news.capped,
    baseline: timestampFromMs(row.baseline_ms),
    alerts: row.alerts === 1,
  };
}

export function hiddenJob(r: HiddenJobRow): Init<typeof HiddenJobSchema> {
  return {
    jobId: r.job_id,
    title: r.title,
    companyName: r.company_name,
    hiddenAt: timestampFromMs(r.hidden_at),
    reason: r.reason,
  };
}

export function blockedCompany(r: BlockedCompanyRow): Init<typeof BlockedCompanySchema> {
  return { companySlug: r.company_slug, companyName: r.company_name, blockedAt: timestampFromMs(r.blocked_at) };
}

export function outboxReport(r: OutboxRow): Init<typeof OutboxReportSchema> {
  const out: Init<typeof OutboxReportSchema> = {
    id: r.id,
    jobId: r.job_id,
    type: r.type,
    createdAt: timestampFromMs(r.created_at),
    state: r.state,
    attempts: r.attempts,
  };
  if (r.message !== null) out.message = r.message;
  if (r.last_error !== null && r.state !== 'sent') out.lastError = r.last_error;
  if (r.state === 'queued') out.nextAttemptAt = timestampFromMs(r.next_attempt_at);
  if (r.sent_at !== null) out.sentAt = timestampFromMs(r.sent_at);
  if (r.upstream_id !== null) out.upstreamId = r.upstream_id;
  return out;
}
