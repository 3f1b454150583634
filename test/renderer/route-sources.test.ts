import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../../renderer/state/route.js';

describe('the Sources screen in the URL', () => {
  it('#/sources opens Sources and is written back the same', () => {
    expect(parseHash('#/sources')).toEqual({ view: 'sources' });
    expect(formatHash({ view: 'sources' })).toBe('#/sources');
    expect(parseHash(formatHash({ view: 'sources' }))).toEqual({ view: 'sources' });
  });
});
