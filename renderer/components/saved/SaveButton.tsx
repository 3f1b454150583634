import { useSaved } from '../../state/saved-store.js';

/**
 * Save / unsave one job, in list rows and in the detail. Clicks and keys stay on the button, so
 * saving from a row does not also open it. Unsaving offers Undo (the saved store).
 */
export function SaveButton({ jobId, title, compact = false }: { jobId: string; title?: string; compact?: boolean }) {
  const saved = useSaved((s) => s.stages.has(jobId));
  const toggle = () => void (saved ? useSaved.getState().unsave(jobId, title) : useSaved.getState().save(jobId));
  if (compact) {
    // In a result row (an option of a listbox) a control would be nested in a control: the star is
    // for the mouse only; keyboard and screen reader users save the highlighted row with `s`, or
    // from the detail, and the row's name says when it is saved (issue 18 item 15).
    return (
      <span
        className={`save-toggle save-toggle--compact${saved ? ' is-saved' : ''}`}
        aria-hidden="true"
        title={saved ? 'Saved: click to unsave (s)' : 'Save this job (s)'}
        onClick={(e) => {
          e.stopPropagation();
          toggle();
        }}
      >
        {saved ? '★' : '☆'}
      </span>
    );
  }
  // The name says what a press does, and that the job is saved (issue 31 item 1): a name that
  // changes with the state is not also aria-pressed, which would say it twice, the wrong way.
  return (
    <button
      type="button"
      className={`save-toggle${saved ? ' is-saved' : ''}`}
      title={saved ? 'Saved: click to unsave (Undo brings its tracking back)' : 'Save this job'}
      onClick={(e) => {
        e.stopPropagation();
        toggle();
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {saved ? (
        <>
          Saved <span aria-hidden="true">★</span> — Unsave
        </>
      ) : (
        <>
          <span aria-hidden="true">☆</span> Save job
        </>
      )}
    </button>
  );
}
