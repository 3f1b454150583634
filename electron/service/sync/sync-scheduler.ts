import { exponentialBackoff } from '../net/backoff.js';

/** One sync: resolves when done, rejects on failure, stops early when `signal` aborts. */
export type SyncRun = (signal: AbortSignal) => Promise<unknown>;

export interface SyncSchedulerOptions {
  run: SyncRun;
  /** The interval now (ms), read before every wait so a settings change applies; undefined: sync is off. */
  intervalMs: () => number | undefined;
  /** Told about each failed run (the app logs it). */
  onError?: (error: unknown) => void;
  /** Delay before the first run after start (default 30 s: let the window open first). */
  firstDelayMs?: number;
  /** While sync is off, how often to look at the settings again (default 1 min). */
  idleCheckMs?: number;
  /** The longest wait after failures (default 24 h). */
  maxBackoffMs?: number;
  /**
   * A run still going after this long is stopped and counted as failed (default 3 h), so one
   * stuck run (an upstream that trickles, a promise that never settles) cannot block every later
   * sync. Its signal is aborted; the schedule goes on even if it ignores that.
   */
  maxRunMs?: number;
}

export interface SyncScheduler {
  start(): void;
  /** Runs now unless a run is already going (then joins it); the schedule restarts after it. */
  runNow(): Promise<void>;
  /** Stops the timer and aborts a run in progress; resolves once that run has settled. */
  stop(): Promise<void>;
  /** Consecutive failed runs (0 after a success). */
  readonly failures: number;
}

/** How long an aborted run may take to settle before the scheduler stops waiting for it. */
export const ABORT_GRACE_MS = 10_000;

/**
 * Background sync on a schedule. Never two runs at once; after a failure the next wait doubles
 * (interval × 2^failures, capped) so a down upstream is not hammered; a success resets it.
 */
export function createSyncScheduler(opts: SyncSchedulerOptions): SyncScheduler {
  const idleCheckMs = opts.idleCheckMs ?? 60_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 24 * 3_600_000;
  const maxRunMs = opts.maxRunMs ?? 3 * 3_600_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  let controller: AbortController | undefined;
  let failures = 0;
  let stopped = true;

  const schedule = (delay?: number) => {
    clearTimeout(timer);
    if (stopped) return;
    const interval = opts.intervalMs();
    const wait =
      delay ??
      (interval === undefined ? idleCheckMs : exponentialBackoff(failures, interval, Math.max(interval, maxBackoffMs)));
    timer = setTimeout(() => void (opts.intervalMs() === undefined ? schedule() : runNow()), wait);
    // The schedule alone must not keep the process alive (tests, a quitting app).
    (timer as { unref?: () => void }).unref?.();
  };

  const runNow = (): Promise<void> => {
    if (inFlight) return inFlight;
    clearTimeout(timer);
    controller = new AbortController();
    const signal = controller.signal;
    const ctl = controller;
    inFlight = (async () => {
      const overdue = new Error(`the sync run did not finish within ${Math.round(maxRunMs / 60_000)} min; stopped it`);
      const timers: Array<ReturnType<typeof setTimeout>> = [];
      const later = (ms: number, f: () => void) => {
        const t = setTimeout(f, ms);
        (t as { unref?: () => void }).unref?.();
        timers.push(t);
      };
      // Aborted (quit, or the watchdog), a run has a grace period to reach a checkpoint and settle;
      // one that does not is left behind so neither quitting nor the schedule waits on it.
      const stuck = new Promise<never>((_, reject) => {
        later(maxRunMs, () => ctl.abort(overdue));
        ctl.signal.addEventListener('abort', () => later(ABORT_GRACE_MS, () => reject(ctl.signal.reason)), {
          once: true,
        });
      });
      try {
        await Promise.race([opts.run(signal), stuck]);
        failures = 0;
      } catch (e) {
        const timedOut = signal.reason === overdue;
        if (!signal.aborted || timedOut) {
          failures++;
          opts.onError?.(timedOut ? overdue : e);
        }
      } finally {
        timers.forEach(clearTimeout);
        inFlight = undefined;
        controller = undefined;
        schedule();
      }
    })();
    return inFlight;
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(opts.intervalMs() === undefined ? idleCheckMs : (opts.firstDelayMs ?? 30_000));
    },
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      controller?.abort(new Error('the app is quitting'));
      await inFlight;
    },
    get failures() {
      return failures;
    },
  };
}
