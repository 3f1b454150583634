import { describe, expect, it } from 'vitest';
import { exponentialBackoff } from '../../../electron/service/net/backoff.js';
import { backoffMs as outboxBackoff } from '../../../electron/service/outbox/backoff.js';

describe('the one backoff', () => {
  it('doubles from the base up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => exponentialBackoff(a, 100, 1000))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('jitters over the upper half of the wait when given a random source', () => {
    expect(exponentialBackoff(3, 100, 10_000, () => 0)).toBe(400);
    expect(exponentialBackoff(3, 100, 10_000, () => 1)).toBe(800);
  });

  it("is the report outbox's: 5 s doubling, at most 15 min", () => {
    expect([0, 1, 2, 8].map(outboxBackoff)).toEqual([5_000, 10_000, 20_000, 15 * 60_000]);
  });
});
