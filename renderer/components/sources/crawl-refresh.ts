// How Sources follows a running crawl (issue 28). It read the list every second and reloaded the
// header's counts after every board: with 200 boards, a meta reload a second for the whole crawl.

/** How often the list is read again while a crawl runs. */
export const CRAWL_POLL_MS = 3_000;

/** The header's counts (and the job list) reload at most this often while a crawl runs. */
export const COUNTS_EVERY_MS = 5_000;

interface Timers {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (t: unknown) => void;
}

const REAL: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
};

export interface Throttled {
  /** Runs now if the last run is `gapMs` old, else once when the gap is over. */
  call(): void;
  /** Runs now if a call waits (the crawl ended: the last counts show at once). */
  flush(): void;
  /** Forgets a waiting call (the screen closed). */
  cancel(): void;
}

/** `run` at most once every `gapMs`; a call inside the gap is not lost but runs at its end. */
export function throttled(run: () => void, gapMs: number, timers: Timers = REAL): Throttled {
  let last = -Infinity;
  let waiting: unknown;
  const fire = () => {
    waiting = undefined;
    last = timers.now();
    run();
  };
  return {
    call() {
      if (waiting !== undefined) return;
      const wait = last + gapMs - timers.now();
      if (wait <= 0) fire();
      else waiting = timers.setTimeout(fire, wait);
    },
    flush() {
      if (waiting === undefined) return;
      timers.clearTimeout(waiting);
      fire();
    },
    cancel() {
      if (waiting !== undefined) timers.clearTimeout(waiting);
      waiting = undefined;
    },
  };
}
