import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Speller } from '../../../electron/service/index-db/search/spelling.js';

// Issue #31 item 3: spelling help offers plausible job words, words of the index, never a
// function word or a fragment of what was typed (docs/decisions/spelling.md § Plausible words).

/** A speller over an index whose vocabulary is `terms` (word → jobs holding it). */
function spellerOver(terms: Record<string, number>): Speller {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
    INSERT INTO meta VALUES ('index_version', '1');
    CREATE TABLE search_terms (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID;`);
  const put = db.prepare('INSERT INTO search_terms VALUES (?, ?)');
  for (const [t, n] of Object.entries(terms)) put.run(t, n);
  return new Speller(db);
}

/** As the 1,314 real jobs held them: a common function word beside rare job words. */
const REAL = {
  use: 412,
  used: 300,
  the: 1300,
  nurse: 1,
  nursing: 2,
  midwife: 1,
  krakow: 1,
  kraken: 40,
  focused: 60,
  cooper: 1,
  cover: 50,
  looker: 20,
  nur: 30,
  engineer: 500,
  engineering: 400,
  manager: 300,
};

const suggested = (s: Speller, q: string) => s.suggest(q).map((x) => x.query);

describe('spelling help offers plausible words only', () => {
  it('"nurse OR midwife" is never "use OR midwife", whether nurse is rare or absent', () => {
    expect(suggested(spellerOver(REAL), 'nurse OR midwife')).toEqual([]);
    const { nurse: _n, nursing: _g, ...noNurse } = REAL;
    for (const q of suggested(spellerOver(noNurse), 'nurse OR midwife')) expect(q).not.toMatch(/\buse\b/);
  });

  it('a city the index holds is not corrected to another word two edits away ("kraków" is not kraken)', () => {
    expect(suggested(spellerOver(REAL), 'kraków')).toEqual([]);
    expect(suggested(spellerOver(REAL), 'krakow nurse')).toEqual([]);
  });

  it('a name found once is not "corrected" to a common word ("Focused Cooper")', () => {
    expect(suggested(spellerOver(REAL), 'Focused Cooper')).toEqual([]);
  });

  it('never a function word, nor a word two letters shorter than the typed one', () => {
    const s = spellerOver({ the: 5000, and: 5000, use: 900, nur: 300, nurse: 20 });
    expect(suggested(s, 'thw')).toEqual([]); // "the" is one edit away and everywhere
    expect(suggested(s, 'nursw')).toEqual(['nurse']);
    expect(suggested(spellerOver({ nur: 300, use: 900 }), 'nurse')).toEqual([]);
  });

  it('real misspellings are still corrected', () => {
    const s = spellerOver(REAL);
    expect(suggested(s, 'enginer')).toEqual(['engineer']);
    expect(suggested(s, 'senior manger')).toEqual(['senior manager']);
    expect(suggested(s, 'nurce')[0]).toBe('nurse');
  });
});
