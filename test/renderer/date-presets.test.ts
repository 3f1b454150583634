import { describe, expect, it } from 'vitest';
import { resolveDate } from '../../renderer/state/date-presets.js';
import { searchFromParams } from '../../renderer/state/search-state.js';

describe('Posted presets', () => {
  const now = Date.UTC(2026, 10, 25, 6, 30, 45, 500);
  it('stand for the instant that long ago, to the minute', () => {
    expect(resolveDate('P1D', now)).toBe('2026-11-24T06:30:00.000Z');
    expect(resolveDate('P3D', now)).toBe('2026-11-22T06:30:00.000Z');
    expect(resolveDate('P7D', now)).toBe('2026-11-18T06:30:00.000Z');
    expect(resolveDate('P30D', now)).toBe('2026-10-26T06:30:00.000Z');
  });
  it('leave a date as it is', () => {
    expect(resolveDate('2026-10-01', now)).toBe('2026-10-01');
    expect(resolveDate(undefined, now)).toBeUndefined();
  });
  it('are kept by the URL, as is the instant of a saved search; anything else is dropped', () => {
    const read = (v: string) => searchFromParams(new URLSearchParams({ discoveredAfter: v })).discoveredAfter;
    expect(read('P7D')).toBe('P7D');
    expect(read('2026-11-18T06:30:00.000Z')).toBe('2026-11-18T06:30:00.000Z');
    expect(read('P8D')).toBeUndefined();
    expect(read('last week')).toBeUndefined();
  });
});
