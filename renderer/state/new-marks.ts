import { create } from 'zustand';

/**
 * The saved search just opened, and its baseline before opening: its rows discovered after it
 * show "New" for this visit (docs/decisions/ui-user-data.md).
 */
interface NewMarks {
  /** The search's URL parameters (`toParams`), as the Jobs screen keys its results. */
  key: string | undefined;
  sinceMs: number | undefined;
}

export const useNewMarks = create<NewMarks>(() => ({ key: undefined, sinceMs: undefined }));

export function clearNewMarks(): void {
  if (useNewMarks.getState().key !== undefined) useNewMarks.setState({ key: undefined, sinceMs: undefined });
}
