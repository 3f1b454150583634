import { describe, expect, it } from 'vitest';
import { parseQuery, understood } from '#shared/text/query-syntax';

// The grammar of the search box (docs/decisions/query-language.md): what each text means, and
// what is said to be left out. The matching itself is pinned against the oracle in query-language.test.ts.

const read = (text: string) => {
  const q = parseQuery(text);
  return { understood: understood(q), ignored: q.ignored.map((i) => i.text) };
};

describe('parseQuery', () => {
  it.each([
    ['software engineer', 'software engineer', []],
    ['"software engineer" remote', '"software engineer" remote', []],
    ['nurse -night', 'nurse -"night"', []],
    ['nurse OR midwife london', 'nurse OR midwife london', []],
    ['nurse or midwife', 'nurse or midwife', []],
    ['title:engineer company:acme', 'title:engineer company:acme', []],
    ['TITLE:"staff engineer"', 'title:"staff engineer"', []],
    ['-title:senior developer', 'developer -title:"senior"', []],
    ['salary:100k', 'salary 100k', []],
    ['c++ developer', 'c++ developer', []],
    ['C# .NET', 'c# .net', []],
    ['node.js, (react)', 'node.js react', []],
    ['asp.net core', 'asp.net core', []],
    ['"C# developer" -"node.js backend"', '"c# developer" -"node.js backend"', []],
    ['🚀 startup', '🚀 startup', []],
    ['engineer.', 'engineer', []],
    ['r developer', '"r" developer', []],
    ['senior e', 'senior', ['e']],
    ['senior e ', 'senior', ['e']],
    ['vitamin "c"', 'vitamin "c"', []],
    ['OR nurse', 'nurse', ['OR']],
    ['nurse OR', 'nurse', ['OR']],
    ['nurse OR -night', 'nurse -"night"', ['OR']],
    ['"unclosed phrase', '"unclosed phrase"', []],
    ['title: nurse', 'nurse', ['title:']],
    ['!!! -- ?', '', ['!!!', '-', '?']],
    ['""', '', ['""']],
  ])('%s → %s', (text, want, ignored) => {
    expect(read(text)).toEqual({ understood: want, ignored });
  });

  it('folds case and accents as the index does', () => {
    expect(understood(parseQuery('München "Café Olé"'))).toBe('munchen "cafe ole"');
  });

  it('says why a part was left out', () => {
    expect(parseQuery('senior e').ignored[0]!.reason).toMatch(/one-letter/);
    expect(parseQuery('OR').ignored[0]!.reason).toMatch(/OR needs a word on each side/);
  });
});
