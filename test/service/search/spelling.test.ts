import { afterAll, describe, expect, it } from 'vitest';
import { Speller, editDistance } from '../../../electron/service/index-db/search/spelling.js';
import { openFixture } from '../../helpers/fixture.js';
import { MISSPELLINGS } from './misspellings.js';

// Spelling help (docs/decisions/spelling.md): the closest words the index knows, by edits and
// by how common they are, for words that find nothing or almost nothing.

const h = openFixture();
const speller = new Speller(h.db);
afterAll(() => h.close());
const docs = (term: string) =>
  (h.db.prepare('SELECT docs FROM search_terms WHERE term = ?').pluck().get(term) as number | undefined) ?? 0;
const prefixDocs = (w: string) =>
  h.db
    .prepare('SELECT count(*) FROM search_terms WHERE term >= ? AND term < ? || char(1114111)')
    .pluck()
    .get(w, w) as number;

describe('editDistance', () => {
  it.each([
    ['enginer', 'engineer', 0.5], // a doubled letter undoubled
    ['developper', 'developer', 0.5],
    ['nurce', 'nurse', 1],
    ['desinger', 'designer', 1], // two neighbours swapped
    ['pyhton', 'python', 1],
    ['analist', 'analyst', 1],
    ['kubernets', 'kubernetes', 1],
    ['cat', 'dog', 2], // beyond the bound: bound + 1
  ])('%s → %s = %s', (a, b, d) => {
    expect(editDistance(a, b, 1.5)).toBe(d === 2 ? 2.5 : d);
  });
});

describe('the list of misspellings', () => {
  it('has 200 distinct misspellings, none an indexed word, each of a word the index holds', () => {
    expect(new Set(MISSPELLINGS.map(([typed]) => typed)).size).toBe(MISSPELLINGS.length);
    expect(MISSPELLINGS.length).toBe(200);
    for (const [typed, meant] of MISSPELLINGS) {
      expect(docs(meant), `${meant} is in the index`).toBeGreaterThan(0);
      expect(prefixDocs(typed), `${typed} finds nothing as typed`).toBe(0);
    }
  });

  it('the first suggestion is the intended word for at least 90% of them', () => {
    const wrong: string[] = [];
    for (const [typed, meant] of MISSPELLINGS) {
      const first = speller.suggest(typed)[0]?.replacements[0]?.suggestion;
      if (first !== meant) wrong.push(`${typed} → ${first ?? '(none)'} (meant ${meant})`);
    }
    const right = MISSPELLINGS.length - wrong.length;
    console.log(`spelling: ${right}/${MISSPELLINGS.length} first suggestions right; wrong: ${wrong.join(', ')}`);
    expect(right / MISSPELLINGS.length, wrong.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});

describe('Speller.suggest', () => {
  it('rewrites only the unknown words of the query, keeping the rest as typed', () => {
    const [s] = speller.suggest('Senior enginer -remote');
    expect(s!.query).toBe('Senior engineer -remote');
    expect(s!.replacements).toEqual([{ word: 'enginer', suggestion: 'engineer', docs: docs('engineer') }]);
  });

  it('corrects several words at once, and offers the next candidates of the first', () => {
    const all = speller.suggest('pyhton devloper');
    expect(all[0]!.query).toBe('python developer');
    expect(all.length).toBeGreaterThanOrEqual(1);
    for (const s of all.slice(1)) expect(s.query).not.toBe(all[0]!.query);
  });

  it('says nothing for words that find jobs, prefixes being typed, and words with nothing near', () => {
    expect(speller.suggest('engineer')).toEqual([]);
    expect(speller.suggest('engin')).toEqual([]);
    expect(speller.suggest('zzzqqqxx')).toEqual([]);
    expect(speller.suggest('')).toEqual([]);
  });

  it('checks the words of a phrase, whole', () => {
    expect(speller.suggest('"sofware engineer"')[0]!.query).toBe('"software engineer"');
  });
});
