import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ABORT_GRACE_MS, createSyncScheduler, type SyncRun } from '#service/sync/sync-scheduler';

const MIN = 60_000;

/** A sync whose runs the test finishes by hand, recording when each started. */
function manualSync() {
  const starts: number[] = [];
  const signals: AbortSignal[] = [];
  let settle: { ok: () => void; fail: (e: Error) => void } | undefined;
  const run: SyncRun = (signal) =>
    new Promise<void>((ok, fail) => {
      starts.push(Date.now());
      signals.push(signal);
      settle = { ok, fail };
      signal.addEventListener('abort', () => fail(signal.reason as Error));
    });
  return {
    run,
    starts,
    signals,
    succeed: async () => {
      settle!.ok();
      await vi.advanceTimersByTimeAsync(0);
    },
    fail: async () => {
      settle!.fail(new Error('upstream down'));
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('background sync schedule', () => {
  it('runs after the first delay, then every interval after each run ends', async () => {
    const s = manualSync();
    const sched = createSyncScheduler({ run: s.run, intervalMs: () => 60 * MIN, firstDelayMs: 30_000 });
    sched.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(s.starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.starts).toEqual([30_000]);
    await vi.advanceTimersByTimeAsync(5 * MIN); // the run takes 5 minutes
    await s.succeed();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(s.starts).toEqual([30_000, 30_000 + 65 * MIN]);
    await sched.stop();
  });

  it('never runs twice at once: runNow during a run joins it', async () => {
    const s = manualSync();
    const sched = createSyncScheduler({ run: s.run, intervalMs: () => MIN, firstDelayMs: 0 });
    sched.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.starts).toHaveLength(1);
    const joined = sched.runNow();
    await vi.advanceTimersByTimeAsync(10 * MIN); // far past the interval: still one run
    expect(s.starts).toHaveLength(1);
    await s.succeed();
    await joined;
    expect(s.starts).toHaveLength(1);
    await sched.stop();
  });

  it('backs off after failures (interval × 2^failures, capped) and resets after a success', async () => {
    const s = manualSync();
    const errors: unknown[] = [];
    const sched = createSyncScheduler({
      run: s.run,
      intervalMs: () => 10 * MIN,
      firstDelayMs: 0,
      maxBackoffMs: 60 * MIN,
      onError: (e) => errors.push(e),
    });
    sched.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const wait of [20 * MIN, 40 * MIN, 60 * MIN, 60 * MIN]) {
      const runs = s.starts.length;
      await s.fail();
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(s.starts.length, `still waiting ${wait / MIN} min`).toBe(runs);
      await vi.advanceTimersByTimeAsync(1);
      expect(s.starts.length).toBe(runs + 1);
    }
    expect(sched.failures).toBe(4);
    expect(errors).toHaveLength(4);
    await s.succeed();
    expect(sched.failures).toBe(0);
    const runs = s.starts.length;
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(s.starts.length).toBe(runs + 1);
    await sched.stop();
  });

  it('stays idle while sync is off, and starts once an upstream is set', async () => {
    const s = manualSync();
    const settings: { interval?: number } = {};
    const sched = createSyncScheduler({
      run: s.run,
      intervalMs: () => settings.interval,
      idleCheckMs: MIN,
      firstDelayMs: 0,
    });
    sched.start();
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(s.starts).toEqual([]);
    settings.interval = 15 * MIN;
    await vi.advanceTimersByTimeAsync(MIN);
    expect(s.starts).toHaveLength(1);
    await sched.stop();
  });

  it('stops a run that never ends after maxRunMs, counts it failed, and later runs still happen', async () => {
    const starts: number[] = [];
    const errors: string[] = [];
    const signals: AbortSignal[] = [];
    // A run that ignores its signal and never settles (a hung socket, a lost promise).
    const run: SyncRun = (signal) => {
      starts.push(Date.now());
      signals.push(signal);
      return new Promise<void>(() => {});
    };
    const sched = createSyncScheduler({
      run,
      intervalMs: () => 60 * MIN,
      firstDelayMs: 0,
      maxRunMs: 10 * MIN,
      onError: (e) => errors.push((e as Error).message),
    });
    sched.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(10 * MIN - 1);
    expect(errors).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]!.aborted).toBe(true);
    // It is given ABORT_GRACE_MS to settle, then left behind.
    await vi.advanceTimersByTimeAsync(ABORT_GRACE_MS);
    expect(errors).toEqual(['the sync run did not finish within 10 min; stopped it']);
    expect(sched.failures).toBe(1);
    // The next run comes after the backed-off interval (60 min × 2), not never.
    await vi.advanceTimersByTimeAsync(120 * MIN);
    expect(starts).toEqual([0, 130 * MIN + ABORT_GRACE_MS]);
    // Quitting does not wait on a run that ignores its signal beyond the grace period.
    const stopping = sched.stop();
    await vi.advanceTimersByTimeAsync(ABORT_GRACE_MS);
    await stopping;
    expect(signals[1]!.aborted).toBe(true);
  });

  it('stop() aborts the run in progress and nothing runs afterwards', async () => {
    const s = manualSync();
    const errors: unknown[] = [];
    const sched = createSyncScheduler({
      run: s.run,
      intervalMs: () => MIN,
      firstDelayMs: 0,
      onError: (e) => errors.push(e),
    });
    sched.start();
    await vi.advanceTimersByTimeAsync(0);
    await sched.stop();
    expect(s.signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(24 * 60 * MIN);
    expect(s.starts).toHaveLength(1);
    // Being stopped is not a failure to report or back off from.
    expect(errors).toEqual([]);
    expect(sched.failures).toBe(0);
  });
});
