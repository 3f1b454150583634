import { useCallback, useState } from 'react';
import { dropDraft, readDraft, writeDraft } from '../state/drafts.js';
import { useLatest } from './use-latest.js';

/**
 * A text field's value that starts from the field's unsaved draft, if any, else from `saved`; each
 * change is kept as the draft until it matches `saved` again or the caller settles it after a
 * successful save. `key` names the field (and the record it edits).
 */
export function useDraft(key: string, saved: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => readDraft(key) ?? saved);
  const savedRef = useLatest(saved);
  const set = useCallback(
    (v: string) => {
      setValue(v);
      if (v === savedRef.current) dropDraft(key);
      else writeDraft(key, v);
    },
    [key, savedRef],
  );
  return [value, set];
}
