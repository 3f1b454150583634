import { create } from 'zustand';

/**
 * The saved search just opened, and its baseline before opening: its rows discovered after it
 * show "New" for this visit (docs/decisions/ui-user-data.md).
 */
interface NewMarks {
  /** The search's words and filters (`marksKey`): what decides which jobs it finds. */
  key: string | undefined;
  sinceMs: number | undefined;
}

export const useNewMarks = create<NewMarks>(() => ({ key: undefined, sinceMs: undefined }));

/**
 * The key the marks belong to: the search's URL parameters without the sort. Another order shows
 * the same jobs, so the marks stay (issue 31 item 10); other words or filters are another search.
 */
export function marksKey(params: URLSearchParams): string {
  const p = new URLSearchParams(params);
  p.delete('sort');
  return p.toString();
}

export function clearNewMarks(): void {
  if (useNewMarks.getState().key !== undefined) useNewMarks.setState({ key: undefined, sinceMs: undefined });
}
