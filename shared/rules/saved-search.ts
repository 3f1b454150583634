import { FieldError } from './field-error.js';

// The rules of saved searches (svc.searches.v1). Decisions: docs/decisions/saved-searches.md.

export const SAVED_SEARCH_NAME_MAX_CHARS = 100;

/** New jobs are counted up to this many; beyond it the UI shows "500+". */
export const NEW_COUNT_CAP = 500;

/** A saved search's name: trimmed, 1 to 100 characters. */
export function savedSearchName(v: string, field = 'name'): string {
  const t = v.trim();
  if (t === '') throw new FieldError(field, 'is required');
  if ([...t].length > SAVED_SEARCH_NAME_MAX_CHARS) throw new FieldError(field, `must be at most ${SAVED_SEARCH_NAME_MAX_CHARS} characters`);
  return t;
}
