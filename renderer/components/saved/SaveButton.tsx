import { useSaved } from '../../state/saved-store.js';

/**
 * Save / unsave one job: a toggle button (aria-pressed), in list rows and in the detail. Clicks
 * and keys stay on the button, so saving from a row does not also open it.
 */
export function SaveButton({ jobId, compact = false }: { jobId: string; compact?: boolean }) {
  const saved = useSaved((s) => s.stages.has(jobId));
  const toggle = () => void (saved ? useSaved.getState().unsave(jobId) : useSaved.getState().save(jobId));
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
  // The name is the visible text; the star and aria-pressed say whether it is saved.
  return (
    <button
      type="button"
      className={`save-toggle${saved ? ' is-saved' : ''}`}
      aria-pressed={saved}
      title={saved ? 'Saved: click to unsave' : 'Save this job'}
      onClick={(e) => {
        e.stopPropagation();
        toggle();
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <span aria-hidden="true">{saved ? '★' : '☆'}</span> Save job
    </button>
  );
}
