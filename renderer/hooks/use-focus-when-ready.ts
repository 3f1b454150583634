import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs a focus move (`later(move)`) once the screen shows the next `ready` answer: a row removed
 * from a list is gone from the page only then.
 */
export function useFocusWhenReady(answer: unknown, ready: boolean): (move: () => void) => void {
  const pending = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    if (!ready || !pending.current) return;
    const move = pending.current;
    pending.current = undefined;
    move();
  }, [answer, ready]);
  return useCallback((move: () => void) => {
    pending.current = move;
  }, []);
}
