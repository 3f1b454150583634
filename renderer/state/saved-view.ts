import { SAVED_SORTS, TRACKING_STAGES, type SavedSort, type TrackingStage } from '#shared/rules/tracking';
import { isOneOf } from '#shared/rules/vocabulary';

/** How the Saved screen shows the saved jobs; in the URL like the search, so reload keeps it. */
export interface SavedView {
  mode: 'board' | 'list';
  /** List view only: one stage. */
  stage?: TrackingStage;
  sort?: SavedSort;
}

export function savedViewFromParams(p: URLSearchParams): SavedView {
  const stage = p.get('stage');
  const sort = p.get('sort');
  return {
    mode: p.get('view') === 'list' ? 'list' : 'board',
    ...(stage && isOneOf(TRACKING_STAGES, stage) ? { stage } : {}),
    ...(sort && isOneOf(SAVED_SORTS, sort) ? { sort } : {}),
  };
}

export function savedViewToParams(v: SavedView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.mode === 'list') p.set('view', 'list');
  if (v.stage) p.set('stage', v.stage);
  if (v.sort) p.set('sort', v.sort);
  return p;
}
