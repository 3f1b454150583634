import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../api/ui-error.js';
import { useLatest } from './use-latest.js';

/** How long typing pauses before what was typed is saved. */
export const AUTOSAVE_DELAY_MS = 700;

export type AutosaveState = { kind: 'saved' | 'unsaved' | 'saving' } | { kind: 'failed'; detail: string };

/**
 * Saves a text as the person types: once typing pauses, on blur (`flush`), and when the field goes
 * away (another job opened, the screen left, the page closed), so nothing typed is lost.
 */
export function useAutosave(
  value: string,
  initial: string,
  save: (v: string) => Promise<void>,
  delayMs = AUTOSAVE_DELAY_MS,
) {
  const [state, setState] = useState<AutosaveState>({ kind: 'saved' });
  const saved = useRef(initial);
  const latestRef = useLatest({ value, save });
  const mounted = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const { value: v, save: run } = latestRef.current;
    if (v === saved.current) return;
    const before = saved.current;
    saved.current = v;
    if (mounted.current) setState({ kind: 'saving' });
    run(v).then(
      () => {
        if (mounted.current && latestRef.current.value === v) setState({ kind: 'saved' });
      },
      (e: unknown) => {
        // Not saved: the next change, blur or leaving tries again.
        if (saved.current === v) saved.current = before;
        if (mounted.current) setState({ kind: 'failed', detail: describeError(e).detail });
      },
    );
  }, [latestRef]);

  useEffect(() => {
    if (value === saved.current) return;
    setState({ kind: 'unsaved' });
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, delayMs);
  }, [value, delayMs, flush]);

  useEffect(() => {
    mounted.current = true;
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      mounted.current = false;
      flush();
    };
  }, [flush]);

  return { state, flush };
}
