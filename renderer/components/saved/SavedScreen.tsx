import { useCallback, useEffect } from 'react';
import { SAVED_SORTS, TRACKING_STAGES, type SavedSort, type TrackingStage } from '#shared/rules/tracking';
import { savedClient } from '../../api/clients.js';
import { useRpc } from '../../hooks/use-rpc.js';
import { useKeyboardTargets } from '../../state/keyboard-store.js';
import { useRoute } from '../../state/route-store.js';
import type { SavedView } from '../../state/saved-view.js';
import { useSaved } from '../../state/saved-store.js';
import { EmptyState, ErrorState, ListSkeleton } from '../feedback.js';
import { label } from '../labels.js';
import { ExportSavedButton } from '../user/ExportButtons.js';
import { SavedBoard } from './SavedBoard.js';
import { SavedJobDetail } from './SavedJobDetail.js';
import { SavedTable } from './SavedTable.js';

const SORT_LABELS: Record<SavedSort, string> = {
  updated: 'Last change',
  saved: 'Date saved',
  follow_up: 'Follow-up date',
  company: 'Company',
  title: 'Title',
  stage: 'Stage',
};

/** The saved jobs: a board by stage or a sortable, filterable list, and the chosen one's detail. */
export function SavedScreen({ view, job }: { view: SavedView; job: string | undefined }) {
  const go = useRoute((s) => s.go);
  const version = useSaved((s) => s.version);
  const stage = view.mode === 'list' ? view.stage : undefined;
  const sort = view.mode === 'list' ? view.sort : undefined;
  const saved = useRpc(`${version}:${stage ?? ''}:${sort ?? ''}`, (signal) =>
    savedClient.list({ ...(stage ? { stage } : {}), ...(sort ? { sort } : {}) }, { signal }),
  );
  // While a change reloads the list, the board stays up (and keeps the focus on the moved card).
  const shown = saved.status === 'ready' ? saved.data : saved.status === 'loading' ? saved.previous : undefined;
  const set = (next: SavedView, opts = { replace: true }) =>
    go({ view: 'saved', saved: next, ...(job ? { job } : {}) }, opts);
  const open = useCallback(
    (id: string | undefined) => go({ view: 'saved', saved: view, ...(id ? { job: id } : {}) }, { replace: !id }),
    [go, view],
  );
  // Closing the job (× or Esc) hands the focus back to its card (or its row in the list), not <body>.
  const close = useCallback(() => {
    const chosen = document.querySelector<HTMLElement>('.saved-main .is-selected');
    open(undefined);
    // After the frame: in a narrow window the board is shown again only once the job is closed.
    requestAnimationFrame(() =>
      (chosen?.matches('li') ? chosen : chosen?.querySelector<HTMLElement>('button'))?.focus(),
    );
  }, [open]);

  useEffect(() => {
    useKeyboardTargets.setState({
      list: undefined,
      search: undefined,
      back: () => {
        if (!job) return false;
        close();
        return true;
      },
    });
  });

  return (
    <div className="screen screen--saved">
      <div className="toolbar">
        <h1 className="toolbar__title">Saved jobs</h1>
        <div className="segmented" role="group" aria-label="View">
          {(['board', 'list'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className="button"
              aria-pressed={view.mode === m}
              onClick={() => set({ ...view, mode: m })}
            >
              {m === 'board' ? 'Board' : 'List'}
            </button>
          ))}
        </div>
        {view.mode === 'list' && (
          <>
            <label className="sort">
              <span>Stage</span>
              <select
                aria-label="Filter by stage"
                value={view.stage ?? ''}
                onChange={(e) =>
                  set({
                    ...view,
                    ...(e.target.value ? { stage: e.target.value as TrackingStage } : { stage: undefined }),
                  })
                }
              >
                <option value="">All stages</option>
                {TRACKING_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {label(s)}
                  </option>
                ))}
              </select>
            </label>
            <label className="sort">
              <span>Sort by</span>
              <select
                aria-label="Sort saved jobs by"
                value={view.sort ?? 'updated'}
                onChange={(e) => set({ ...view, sort: e.target.value as SavedSort })}
              >
                {SAVED_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
        <ExportSavedButton filter={{ ...(stage ? { stage } : {}), ...(sort ? { sort } : {}) }} />
      </div>
      <div className={`columns columns--saved${job ? ' has-job' : ' columns--nodetail'}`}>
        <section className="saved-main" aria-label="Saved jobs">
          {!shown && saved.status === 'loading' && <ListSkeleton label="Loading saved jobs" />}
          {saved.status === 'error' && <ErrorState error={saved.error} onRetry={saved.retry} />}
          {shown &&
            (shown.data.length === 0 && (view.mode === 'board' || !view.stage) ? (
              <EmptyState
                title="No saved jobs yet"
                hint="Save a job with ☆ in the results or its detail; it appears here."
              />
            ) : view.mode === 'board' ? (
              <SavedBoard jobs={shown.data} selected={job} onOpen={open} />
            ) : (
              <SavedTable jobs={shown.data} selected={job} onOpen={open} />
            ))}
        </section>
        {/* The board needs the width; the detail opens beside it when a job is chosen. */}
        {job && (
          <section className="detail-pane" aria-label="Saved job detail">
            <SavedJobDetail key={job} id={job} onClose={close} />
          </section>
        )}
      </div>
    </div>
  );
}
