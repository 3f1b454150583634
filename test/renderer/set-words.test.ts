import { describe, expect, it } from 'vitest';
import { durationText } from '../../renderer/components/sources/set-words.js';

// Issue 31 item 10's small words: the Follow-a-set estimate said "a first crawl of about 1 seconds".
describe('durationText', () => {
  it('says one second in the singular, and more in the plural', () => {
    expect(durationText(0.4)).toBe('1 second');
    expect(durationText(1)).toBe('1 second');
    expect(durationText(2)).toBe('2 seconds');
    expect(durationText(600)).toBe('10 minutes');
  });
});
