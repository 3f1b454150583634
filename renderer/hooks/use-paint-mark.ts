import { useEffect } from 'react';

/**
 * Marks when results for `query` have been painted (the frame after React committed them):
 * `performance` entries `jobindex:input` / `jobindex:painted`, read by `npm run bench:ui`.
 */
export function usePaintMark(query: string | undefined, ready: boolean, items: unknown): void {
  useEffect(() => {
    if (!ready || query === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A task queued from rAF runs after that frame has been handed to the compositor.
      timer = setTimeout(() => performance.mark('jobindex:painted', { detail: query }));
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [query, ready, items]);
}

export function markInput(query: string): void {
  performance.mark('jobindex:input', { detail: query });
}
