import { FieldError } from './field-error.js';
import { isUuid } from './ids.js';
import { isOneOf, REPORT_TYPES, type ReportType } from './vocabulary.js';

// The rules of a job report (POST /v1/reports body), one place for the endpoint and the
// renderer's form. Decisions: docs/decisions/accounts.md.

/** `message` length limit, in characters (Unicode code points). */
export const REPORT_MESSAGE_MAX_CHARS = 2000;

/** The report types whose `message` is required (non-blank): the type alone says nothing. */
export const REPORT_TYPES_NEEDING_MESSAGE: readonly ReportType[] = ['other'];

/** The fields a report body may carry; any other is refused. */
export const REPORT_FIELDS = ['job_id', 'type', 'message'] as const;

export interface JobReportInput {
  job_id: string;
  type: ReportType;
  /** Absent, null or blank is stored as null. */
  message: string | null;
}

/** Checks a parsed JSON body; throws a FieldError naming the first bad field. */
export function checkJobReport(body: unknown): JobReportInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new FieldError('body', 'must be a JSON object');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (!(REPORT_FIELDS as readonly string[]).includes(key)) throw new FieldError(key, 'unknown field');
  }
  const jobId = b.job_id;
  if (jobId === undefined || jobId === null) throw new FieldError('job_id', 'is required');
  if (typeof jobId !== 'string') throw new FieldError('job_id', 'must be a string');
  if (!isUuid(jobId))
    throw new FieldError('job_id', `must be a job id (a uuid), got ${JSON.stringify(jobId.slice(0, 60))}`);

  const type = b.type;
  if (type === undefined || type === null) throw new FieldError('type', 'is required');
  if (typeof type !== 'string' || !isOneOf(REPORT_TYPES, type)) {
    throw new FieldError('type', `must be one of ${REPORT_TYPES.join(', ')}`);
  }

  const raw = b.message;
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw new FieldError('message', 'must be a string');
  const message = typeof raw === 'string' && raw.trim() !== '' ? raw : null;
  if (message !== null && [...message].length > REPORT_MESSAGE_MAX_CHARS) {
    throw new FieldError('message', `must be at most ${REPORT_MESSAGE_MAX_CHARS} characters`);
  }
  if (message === null && REPORT_TYPES_NEEDING_MESSAGE.includes(type)) {
    throw new FieldError('message', `is required when type is ${type}`);
  }
  return { job_id: jobId.toLowerCase(), type, message };
}
