import type { SavedJob } from '#shared/gen/svc/saved/v1/saved_pb';
import { closedWhere } from '#shared/format/source-words';
import { formatDay } from './day.js';

type Closed = Pick<SavedJob, 'closedBy' | 'closedAt'>;

/**
 * A saved job's close with its source and day: "Closed on its Greenhouse board, Dec 3, 2026",
 * "Closed upstream (jobs.example.com), Dec 3, 2026"; "Closed, Dec 3, 2026" when the source is not
 * known (a close recorded before the app kept it).
 */
export function closedWords(job: Closed): string {
  const where = job.closedBy ? ` ${closedWhere(job.closedBy)}` : '';
  const day = job.closedAt ? `, ${formatDay(job.closedAt)}` : '';
  return `Closed${where}${day}`;
}

/** The same after a "Closed" badge: "on its Greenhouse board, Dec 3, 2026", "Dec 3, 2026". */
export function closedAfterBadge(job: Closed): string {
  return closedWords(job)
    .replace(/^Closed,? ?/, '')
    .trim();
}
