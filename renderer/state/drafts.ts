// Text a person typed that is not saved yet, one entry per field, in the window's sessionStorage:
// it outlives leaving the screen, a save that failed and a reload (docs/decisions/ui-forms.md).

const PREFIX = 'jobindex.draft.';

export function readDraft(key: string): string | undefined {
  try {
    return globalThis.sessionStorage?.getItem(PREFIX + key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(key: string, value: string): void {
  try {
    globalThis.sessionStorage?.setItem(PREFIX + key, value);
  } catch {
    // Storage full or refused: the field still holds the text while it is on screen.
  }
}

export function dropDraft(key: string): void {
  try {
    globalThis.sessionStorage?.removeItem(PREFIX + key);
  } catch {
    // As above.
  }
}

/** Drops the draft once `value` is what was saved (a newer draft typed meanwhile stays). */
export function settleDraft(key: string, value: string): void {
  if (readDraft(key) === value) dropDraft(key);
}
