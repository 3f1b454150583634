import type { SavedJob } from '#shared/gen/svc/saved/v1/saved_pb';
import { label } from '../labels.js';
import { closedAfterBadge, closedWords } from './closed-words.js';
import { formatCalendarDay, formatDay } from './day.js';

/** The list view: one row per saved job, in the order the service sorted them. */
export function SavedTable({
  jobs,
  selected,
  onOpen,
}: {
  jobs: readonly SavedJob[];
  selected: string | undefined;
  onOpen(id: string): void;
}) {
  if (jobs.length === 0) return <p className="muted placeholder">No saved job is at this stage.</p>;
  return (
    <table className="saved-table" aria-label="Saved jobs">
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Company</th>
          <th scope="col">Stage</th>
          <th scope="col">Saved</th>
          <th scope="col">Last change</th>
          <th scope="col">Follow up</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((j) => (
          <tr key={j.jobId} className={j.jobId === selected ? 'is-selected' : undefined}>
            <td>
              <button type="button" className="linkish" onClick={() => onOpen(j.jobId)}>
                {j.snapshot?.title ?? j.jobId}
              </button>
              {j.closed && (
                <span className="badge badge--expired" title={closedWords(j)}>
                  Closed
                </span>
              )}
              {j.closed && <span className="muted closed-by"> {closedAfterBadge(j)}</span>}
            </td>
            <td>{j.snapshot?.company?.name}</td>
            <td>{label(j.stage)}</td>
            <td>{formatDay(j.savedAt)}</td>
            <td>{formatDay(j.updatedAt)}</td>
            <td>{j.followUpOn ? formatCalendarDay(j.followUpOn) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
