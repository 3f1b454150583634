import { timestampDate } from '@bufbuild/protobuf/wkt';
import { SavedJobSchema, type SavedJob } from '../gen/svc/saved/v1/saved_pb.js';
import { toWireJson } from '../wire/json-nulls.js';
import type { ExportShape } from './export-format.js';

const iso = (t: Parameters<typeof timestampDate>[0] | undefined) => (t ? timestampDate(t).toISOString() : '');

/**
 * Saved jobs with their tracking: one row per job, its moves as `stage@time` joined by `; `.
 * JSON is the service's wire form (snapshot included, description and all).
 */
export const SAVED_JOB_EXPORT: ExportShape<SavedJob> = {
  columns: [
    { header: 'job_id', cell: (s) => s.jobId },
    { header: 'title', cell: (s) => s.snapshot?.title },
    { header: 'company', cell: (s) => s.snapshot?.company?.name },
    { header: 'location', cell: (s) => s.snapshot?.locations.map((l) => l.text ?? [l.city, l.country].filter(Boolean).join(', ')).join(' / ') },
    { header: 'stage', cell: (s) => s.stage },
    { header: 'history', cell: (s) => s.history.map((m) => `${m.stage}@${iso(m.movedAt)}`).join('; ') },
    { header: 'notes', cell: (s) => s.notes },
    { header: 'follow_up_on', cell: (s) => s.followUpOn },
    { header: 'saved_at', cell: (s) => iso(s.savedAt) },
    { header: 'updated_at', cell: (s) => iso(s.updatedAt) },
    { header: 'closed', cell: (s) => s.closed },
    { header: 'closed_at', cell: (s) => iso(s.closedAt) },
    { header: 'last_seen_open_at', cell: (s) => iso(s.lastSeenOpenAt) },
    { header: 'apply_url', cell: (s) => s.snapshot?.applyUrl },
  ],
  json: (s) => toWireJson(SavedJobSchema, s),
};
