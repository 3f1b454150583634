// The fold's word cache (word-sets.ts): bounded in words, and holding words, not the texts they
// were read from. A crawl's heap grew by the cache with every posting written (issue 32).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { words } from '#shared/text/fold';
import { WordSets } from '../../../electron/service/index-db/fold/word-sets.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** A description of `n` distinct words, its own (no two calls share a word). */
function description(seed: number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`responsibility${seed.toString(36)}x${i.toString(36)}`);
  return `About the role: ${out.join(' ')}`;
}

describe('the fold word cache', () => {
  it('gives back the set held for a posting, and forgets one deleted', () => {
    const c = new WordSets(100);
    c.set(1, ['senior', 'rust', 'senior']);
    c.set(2, ['berlin']);
    expect([...c.get(1)!].sort()).toEqual(['rust', 'senior']);
    expect(c.size).toBe(3);
    c.delete(1);
    expect(c.get(1)).toBeUndefined();
    expect(c.get(2)).toEqual(new Set(['berlin']));
    expect(c.size).toBe(1);
  });

  it('holds about its budget of words however many postings pass through it', () => {
    const c = new WordSets(1_000);
    for (let rid = 0; rid < 500; rid++) {
      c.set(rid, words(description(rid, 40)));
      // At most the budget, plus the one set added past it.
      expect(c.size).toBeLessThanOrEqual(1_000 + 43);
    }
    expect(c.get(499)).toEqual(new Set(words(description(499, 40))));
    expect(c.get(0)).toBeUndefined();
  });

  it('keeps no description text alive through the words read from it', () => {
    const c = new WordSets(10_000_000);
    const before = heapAfterGc();
    let textBytes = 0;
    for (let rid = 0; rid < 400; rid++) {
      // 40,000 characters of text, of which 20 words are kept.
      const text = `${description(rid, 20)} ${'lorem '.repeat(6_700)}`;
      textBytes += text.length;
      c.set(rid, words(text).slice(0, 20));
    }
    const held = heapAfterGc() - before;
    expect(c.size).toBe(400 * 20);
    // The texts were 16 MB; the words they leave, about 8,000 short strings and their sets.
    expect(textBytes).toBeGreaterThan(16e6);
    expect(held).toBeLessThan(4e6);
  });
});
