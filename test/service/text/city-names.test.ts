import { afterAll, describe, expect, it } from 'vitest';
import { openFixture } from '../../helpers/fixture.js';
import { walkEngine } from '../search/walk.js';

// A city has one filter whatever name a person types or a source stored (city-names.ts).
const h = openFixture();
afterAll(() => h.close());
const ids = (city: string, query?: string) =>
  walkEngine(h.ctx.search, { ...(query ? { query } : {}), filters: { city } } as never, 50).ids;

describe('the city filter', () => {
  it.each([
    ['Munich', 'München'],
    ['NYC', 'New York'],
    ['New York City', 'new york'],
    ['Cologne', 'Köln'],
  ])('"%s" finds what "%s" finds', (other, stored) => {
    const want = ids(stored);
    expect(want.length).toBeGreaterThan(0);
    expect(ids(other)).toEqual(want);
    expect(ids(other, 'engineer')).toEqual(ids(stored, 'engineer'));
  });

  it('does not widen a city without other names', () => {
    expect(ids('Berlin').length).toBeGreaterThan(0);
    expect(ids('Berlin')).not.toEqual(ids('Hamburg'));
  });
});
