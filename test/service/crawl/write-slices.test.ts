import { describe, expect, it } from 'vitest';
import { slicesOf } from '../../../electron/service/crawl/write-slices.js';

describe('slicesOf', () => {
  it('cuts by count and by weight, in order, a heavy item alone, an empty list as one empty slice', () => {
    expect(slicesOf([1, 2, 3, 4, 5], () => 0, 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(slicesOf([1, 9, 1, 1, 20, 1], (n) => n, 100, 10)).toEqual([[1, 9], [1, 1], [20], [1]]);
    expect(slicesOf([])).toEqual([[]]);
  });
});
