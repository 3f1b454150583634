import { useId, useState } from 'react';
import type { SavedJob } from '#shared/gen/svc/saved/v1/saved_pb';
import { formatSalary } from '#shared/format/salary';
import { ComparablePay } from '../ComparablePay.js';
import { TRACKING_STAGES, type TrackingStage } from '#shared/rules/tracking';
import { savedClient } from '../../api/clients.js';
import { describeError } from '../../api/ui-error.js';
import { useJobTitle } from '../../hooks/use-document-title.js';
import { useAutosave, type AutosaveState } from '../../hooks/use-autosave.js';
import { useDraft } from '../../hooks/use-draft.js';
import { settleDraft } from '../../state/drafts.js';
import { useRpc } from '../../hooks/use-rpc.js';
import { useSaved } from '../../state/saved-store.js';
import { CompanyLogo } from '../CompanyLogo.js';
import { Description } from '../Description.js';
import { BackToList } from '../JobDetail.js';
import { DetailSkeleton, ErrorState } from '../feedback.js';
import { DateField } from '../forms/DateField.js';
import { label } from '../labels.js';
import { ReportButton } from '../user/ReportDialog.js';
import { closedWords } from './closed-words.js';
import { formatDay } from './day.js';
import { moveSaved } from './move-saved.js';
import { SaveButton } from './SaveButton.js';

/**
 * A saved job from its snapshot (readable offline, and after the posting expired or left the
 * index), with its stage, the history of moves, notes and a follow-up date.
 */
export function SavedJobDetail({ id, onClose }: { id: string; onClose(): void }) {
  const version = useSaved((s) => s.version);
  const saved = useRpc(`${id}:${version}`, (signal) => savedClient.get({ jobId: id }, { signal }));
  // After a change, the answer shown stays up while the fresh one loads: no flash, notes kept.
  const last = saved.previous?.job;
  if (saved.status === 'loading') return last ? <SavedBody job={last} onClose={onClose} /> : <DetailSkeleton />;
  if (saved.status === 'error') return <ErrorState error={saved.error} onRetry={saved.retry} />;
  return saved.data.job ? <SavedBody job={saved.data.job} onClose={onClose} /> : null;
}

function SavedBody({ job, onClose }: { job: SavedJob; onClose(): void }) {
  const s = job.snapshot;
  useJobTitle(s?.title ?? job.jobId);
  return (
    <article className="detail" aria-labelledby="saved-title">
      <BackToList onClose={onClose} />
      <header className="detail__head">
        <CompanyLogo name={s?.company?.name ?? ''} url={s?.company?.logoUrl} size="lg" />
        <div>
          <h2 id="saved-title">
            {s?.title ?? job.jobId} {job.closed && <span className="badge badge--expired">Closed</span>}
          </h2>
          <p className="detail__company">{s?.company?.name}</p>
        </div>
        <button type="button" className="icon-button" aria-label="Close job" title="Close (Esc)" onClick={onClose}>
          ×
        </button>
      </header>
      {job.closed && (
        <p className="closed-note" role="note">
          {closedWords(job)}. It was last seen open on {formatDay(job.lastSeenOpenAt)}; what you see is the copy kept
          when it was saved.
        </p>
      )}
      <div className="detail__actions">
        {s?.applyUrl && !job.closed && (
          <a className="button button--primary" href={s.applyUrl} target="_blank" rel="noopener noreferrer">
            Apply
          </a>
        )}
        <SaveButton jobId={job.jobId} title={s?.title} />
        <ReportButton jobId={job.jobId} title={s?.title ?? job.jobId} />
      </div>
      <Tracking job={job} />
      <dl className="facts">
        <dt>Location</dt>
        <dd>{s?.locations.map((l) => l.text || [l.city, l.country].filter(Boolean).join(', ')).join('; ') || '—'}</dd>
        <dt>Employment</dt>
        <dd>{s?.employmentType ? label(s.employmentType) : '—'}</dd>
        <dt>Salary</dt>
        <dd>
          {s?.salary ? (
            <>
              <span className="salary">{formatSalary(s.salary)}</span> <ComparablePay salary={s.salary} />
            </>
          ) : (
            'Not given'
          )}
        </dd>
        <dt>Saved</dt>
        <dd>{formatDay(job.savedAt)}</dd>
      </dl>
      {s && <Description html={s.description} />}
    </article>
  );
}

function Tracking({ job }: { job: SavedJob }) {
  const ids = useId();
  const [status, setStatus] = useState('');
  const run = async (what: string, call: () => Promise<{ job?: SavedJob }>) => {
    setStatus('Saving…');
    try {
      const r = await call();
      if (r.job) useSaved.getState().changed(r.job);
      setStatus(`${what} saved`);
    } catch (e) {
      setStatus(`${what} not saved: ${describeError(e).detail}`);
    }
  };
  return (
    <section className="tracking" aria-labelledby="tracking-title">
      <h3 id="tracking-title">Tracking</h3>
      <div className="tracking__row">
        <div className="field">
          <label htmlFor={`${ids}-stage`}>Stage</label>
          <select
            id={`${ids}-stage`}
            value={job.stage}
            onChange={(e) => void moveSaved(job.jobId, e.target.value as TrackingStage)}
          >
            {TRACKING_STAGES.map((st) => (
              <option key={st} value={st}>
                {label(st)}
              </option>
            ))}
          </select>
        </div>
        <DateField
          id={`${ids}-follow-up`}
          label="Follow-up date"
          value={job.followUpOn || undefined}
          onCommit={(v) =>
            void run('Follow-up date', () =>
              savedClient.setFollowUp({ jobId: job.jobId, ...(v ? { followUpOn: v } : {}) }),
            )
          }
        />
      </div>
      <span className="muted" role="status">
        {status}
      </span>
      <ol className="history" aria-label="Stage history">
        {job.history.map((h, i) => (
          <li key={i}>
            <strong>{label(h.stage)}</strong> <span className="muted">{formatDay(h.movedAt)}</span>
          </li>
        ))}
      </ol>
      <NotesField id={`${ids}-notes`} job={job} />
    </section>
  );
}

const NOTES_STATE: Record<Exclude<AutosaveState['kind'], 'failed'>, string> = {
  saved: 'Notes saved',
  unsaved: 'Not saved yet',
  saving: 'Saving notes…',
};

/** Notes save as they are typed (after a pause, on blur, on leaving the job) and say so. */
function NotesField({ id, job }: { id: string; job: SavedJob }) {
  const jobId = job.jobId;
  // A save that fails after the job was left (or the page closed) keeps the text as a draft; coming
  // back shows it, unsaved, and autosave tries again.
  const draftKey = `notes.${jobId}`;
  const [notes, setNotes] = useDraft(draftKey, job.notes);
  const { state, flush } = useAutosave(notes, job.notes, async (v) => {
    const r = await savedClient.setNotes({ jobId, notes: v });
    settleDraft(draftKey, v);
    if (r.job) useSaved.getState().changed(r.job);
  });
  const text =
    state.kind === 'failed'
      ? `Notes not saved: ${state.detail}. What you typed stays here; keep typing or leave the field to try again.`
      : state.kind === 'saved' && notes.trim() === ''
        ? // Nothing is written: "Notes saved" would claim a save that did not happen (issue 31 item 10).
          'No notes yet; they save as you type.'
        : NOTES_STATE[state.kind];
  return (
    <div className="field">
      <label htmlFor={id}>Notes</label>
      <textarea
        id={id}
        rows={4}
        value={notes}
        aria-describedby={`${id}-state`}
        onChange={(e) => setNotes(e.target.value)}
        onBlur={flush}
      />
      <span
        id={`${id}-state`}
        className={`save-state muted${state.kind === 'failed' ? ' save-state--error' : ''}`}
        aria-live="polite"
      >
        {text}
      </span>
    </div>
  );
}
