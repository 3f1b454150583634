/**
 * How long the address bar waits after the last refinement (a keystroke, a filter) before it is
 * written. Each `history.replaceState` is a same-document navigation the browser process commits
 * and records; made in the keystroke's own task it cost ~15 ms of that key's latency on 2 cores
 * (BENCHMARKS.md). 100 ms is after a key's results have painted, and before a reload anyone could
 * make; keys typed faster than that share one write.
 */
export const URL_REPLACE_DELAY_MS = 100;

type Timer = ReturnType<typeof setTimeout>;

export interface UrlWriter {
  /** Replaces the current entry's URL once refinements pause (the last one wins). */
  replace(hash: string): void;
  /** A new history entry, now; a pending replacement is written to the entry being left first. */
  push(hash: string): void;
  /** Writes a pending replacement now (before leaving the entry, or the page). */
  flush(): void;
  /** Drops a pending replacement: the URL changed under it (Back, Forward, an edited address). */
  cancel(): void;
}

export function createUrlWriter(
  h: Pick<History, 'replaceState' | 'pushState' | 'state'>,
  currentHash: () => string,
  delayMs = URL_REPLACE_DELAY_MS,
): UrlWriter {
  let pending: string | undefined;
  let timer: Timer | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  const flush = () => {
    const hash = pending;
    cancel();
    if (hash !== undefined && hash !== currentHash()) h.replaceState(h.state, '', hash);
  };
  return {
    replace(hash) {
      pending = hash;
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    push(hash) {
      flush();
      if (hash !== currentHash()) h.pushState(h.state, '', hash);
    },
    flush,
    cancel,
  };
}
