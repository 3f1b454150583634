import { useSaved } from '../../state/saved-store.js';

/**
 * Save / unsave one job: a toggle button (aria-pressed), in list rows and in the detail. Clicks
 * and keys stay on the button, so saving from a row does not also open it.
 */
export function SaveButton({ jobId, compact = false }: { jobId: string; compact?: boolean }) {
  const saved = useSaved((s) => s.stages.has(jobId));
  return (
    <button
      type="button"
      className={`save-toggle${saved ? ' is-saved' : ''}${compact ? ' save-toggle--compact' : ''}`}
      aria-pressed={saved}
      aria-label="Save job"
      title={saved ? 'Saved: click to unsave' : 'Save this job'}
      onClick={(e) => {
        e.stopPropagation();
        void (saved ? useSaved.getState().unsave(jobId) : useSaved.getState().save(jobId));
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <span aria-hidden="true">{saved ? '★' : '☆'}</span>
      {!compact && <span>{saved ? 'Saved' : 'Save'}</span>}
    </button>
  );
}
