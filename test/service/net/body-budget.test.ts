// The run-wide budget for answer bytes (issue 32 item 2): boards past it wait, the oldest board
// never does (so the run always moves on), and bytes given back or released let the others go.
import { describe, expect, it } from 'vitest';
import { BodyBudget } from '../../../electron/service/net/body-budget.js';

describe('a run-wide budget for answer bytes', () => {
  it('makes a later board wait while the budget is spent, never the oldest', async () => {
    const budget = new BodyBudget(100);
    const first = budget.lease();
    const second = budget.lease();
    expect(second.take(60)).toBeUndefined();
    // The oldest board goes over the budget rather than wait for a board that waits for it.
    expect(first.take(80)).toBeUndefined();
    expect(budget.held).toBe(140);
    let went = false;
    const wait = second.take(30)!.then(() => (went = true));
    expect(wait).toBeInstanceOf(Promise);
    await Promise.resolve();
    expect(went).toBe(false);
    first.release(); // 60 held: 30 more fit
    await wait;
    expect(went).toBe(true);
    expect(budget.held).toBe(90);
  });

  it('lets the next board become the one that never waits', async () => {
    const budget = new BodyBudget(10);
    const a = budget.lease();
    const b = budget.lease();
    const c = budget.lease();
    expect(a.take(10)).toBeUndefined();
    const bWaits = b.take(50)!;
    const cWaits = c.take(5)!;
    a.release();
    await bWaits; // b is now the oldest: over the budget, it goes on
    expect(budget.held).toBe(50);
    b.give(50);
    await cWaits;
    expect(budget.held).toBe(5);
    c.release();
    expect(budget.held).toBe(0);
  });
});
