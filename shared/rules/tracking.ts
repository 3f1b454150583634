import { FieldError } from './field-error.js';
import { isUuid } from './ids.js';
import { isOneOf } from './vocabulary.js';

// The rules of saved jobs and their tracking (svc.saved.v1), one place for the handlers, the
// board and the CLI. Decisions: docs/decisions/saved-jobs.md.

/** The pipeline, in board order. Every saved job starts at `saved`. */
export const TRACKING_STAGES = [
  'saved',
  'applied',
  'interviewing',
  'offer',
  'accepted',
  'rejected',
  'withdrawn',
] as const;
export type TrackingStage = (typeof TRACKING_STAGES)[number];

/** Orders of SavedJobsService.List. */
export const SAVED_SORTS = ['updated', 'saved', 'follow_up', 'company', 'title', 'stage'] as const;
export type SavedSort = (typeof SAVED_SORTS)[number];

/** Notes on one saved job, in characters (code points). */
export const NOTES_MAX_CHARS = 20_000;

/** A job id field: a uuid, returned lower-cased. */
export function jobId(v: string, field = 'jobId'): string {
  if (v === '') throw new FieldError(field, 'is required');
  if (!isUuid(v)) throw new FieldError(field, `must be a job id (a uuid), got ${JSON.stringify(v.slice(0, 60))}`);
  return v.toLowerCase();
}

export function trackingStage(v: string, field = 'stage'): TrackingStage {
  if (!isOneOf(TRACKING_STAGES, v))
    throw new FieldError(field, `must be one of ${TRACKING_STAGES.join(', ')}; got ${JSON.stringify(v)}`);
  return v;
}

export function savedSort(v: string | undefined, field = 'sort'): SavedSort {
  if (v === undefined || v === '') return 'updated';
  if (!isOneOf(SAVED_SORTS, v))
    throw new FieldError(field, `must be one of ${SAVED_SORTS.join(', ')}; got ${JSON.stringify(v)}`);
  return v;
}

export function notes(v: string, field = 'notes'): string {
  if ([...v].length > NOTES_MAX_CHARS) throw new FieldError(field, `must be at most ${NOTES_MAX_CHARS} characters`);
  return v;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` (follow-up dates are days, not instants); impossible dates are refused. */
export function calendarDay(v: string, field: string): string {
  const m = DAY.exec(v);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== v) {
    throw new FieldError(field, `must be a date YYYY-MM-DD, got ${JSON.stringify(v.slice(0, 40))}`);
  }
  return v;
}
