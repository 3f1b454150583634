import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTS_EVERY_MS, CRAWL_POLL_MS, throttled } from '../../renderer/components/sources/crawl-refresh.js';

// Issue 28: during a crawl, Sources read the list every second and reloaded the header's counts
// after every board. It now polls every few seconds and reloads the counts at most every few.

describe('following a running crawl on Sources', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('polls every few seconds, not every second', () => {
    expect(CRAWL_POLL_MS).toBeGreaterThanOrEqual(2_000);
    expect(COUNTS_EVERY_MS).toBeGreaterThanOrEqual(CRAWL_POLL_MS);
  });

  it('reloads the counts at most once a gap however many boards finish, and never loses the last', () => {
    const run = vi.fn();
    const counts = throttled(run, COUNTS_EVERY_MS);
    // A board finishes every 100 ms for a minute: 600 changes.
    for (let i = 0; i < 600; i++) {
      counts.call();
      vi.advanceTimersByTime(100);
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(60_000 / COUNTS_EVERY_MS);
    expect(run.mock.calls.length).toBeLessThanOrEqual(60_000 / COUNTS_EVERY_MS + 1);
    // The last change inside a gap still reloads at the gap's end.
    const before = run.mock.calls.length;
    counts.call();
    vi.advanceTimersByTime(COUNTS_EVERY_MS);
    expect(run.mock.calls.length).toBe(before + 1);
  });

  it('shows the final counts at once when the crawl ends', () => {
    const run = vi.fn();
    const counts = throttled(run, COUNTS_EVERY_MS);
    counts.call();
    counts.call();
    expect(run).toHaveBeenCalledTimes(1);
    counts.flush();
    expect(run).toHaveBeenCalledTimes(2);
    counts.flush();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a first change after a quiet spell reloads at once; a closed screen reloads nothing later', () => {
    const run = vi.fn();
    const counts = throttled(run, COUNTS_EVERY_MS);
    vi.advanceTimersByTime(COUNTS_EVERY_MS * 3);
    counts.call();
    expect(run).toHaveBeenCalledTimes(1);
    counts.call();
    counts.cancel();
    vi.advanceTimersByTime(COUNTS_EVERY_MS * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
