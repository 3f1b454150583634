import { FieldError } from './field-error.js';

// The rules of saved searches (svc.searches.v1). Decisions: docs/decisions/saved-searches.md.

export const SAVED_SEARCH_NAME_MAX_CHARS = 100;

/** New jobs are counted up to this many; beyond it the UI shows "500+". */
export const NEW_COUNT_CAP = 500;

/** A saved search's name: trimmed, 1 to 100 characters. */
export function savedSearchName(v: string, field = 'name'): string {
  const t = v.trim();
  if (t === '') throw new FieldError(field, 'is required');
  if ([...t].length > SAVED_SEARCH_NAME_MAX_CHARS)
    throw new FieldError(field, `must be at most ${SAVED_SEARCH_NAME_MAX_CHARS} characters`);
  return t;
}

/**
 * A search alert as its notification shows it, in the desktop app and the browser alike
 * (docs/decisions/search-alerts.md): one per search, however many jobs are new.
 */
export function alertText(a: { name: string; count: number; capped: boolean }): { title: string; body: string } {
  const n = a.capped ? `${a.count}+` : String(a.count);
  return {
    title: `${n} new job${a.count === 1 && !a.capped ? '' : 's'} for “${a.name}”`,
    body: 'Open the search to see them.',
  };
}
