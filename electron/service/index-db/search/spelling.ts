import type { Database, Statement } from 'better-sqlite3';
import { fold } from '#shared/text/fold';
import { parseQuery } from '#shared/text/query-syntax';
import { getMeta } from '../meta.js';
import { STOP_WORDS } from './stop-words.js';

// "Did you mean": for a word of the query that matches nothing or almost nothing, the words of
// the index closest to it, weighted by how many jobs hold them (docs/decisions/spelling.md).
// The words and their counts are the FTS5 vocabulary, as copied to search_terms by refreshStats.

export interface Replacement {
  word: string;
  suggestion: string;
  docs: number;
}

export interface Suggestion {
  /** The whole query text with the replacements made. */
  query: string;
  replacements: Replacement[];
}

/** A word is checked when it matches fewer jobs than this… */
const RARE = 3;
/** …and a replacement is offered when it is in this many times more jobs. */
const MORE = 10;
const MAX_DISTANCE = 2;
const CANDIDATES = 3;
/** The most frequent words only: the long tail is mostly names and the corpus's own typos. */
const VOCABULARY = 200_000;

interface Vocabulary {
  /** Words by length; parallel arrays of the word and its job count. */
  byLength: Map<number, { terms: string[]; docs: number[]; masks: number[] }>;
}

/**
 * Optimal string alignment distance (edits: insert, delete, substitute, swap two neighbours),
 * where a doubled or undoubled letter ("managment", "developper") costs half: the commonest slip.
 * Returns more than `max` as soon as it is certain to exceed it.
 */
// Three rows of the distance table, reused by every call (words are short; longer ones grow them).
let rows = [new Float64Array(64), new Float64Array(64), new Float64Array(64)];

export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max * 2) return max + 1;
  if (rows[0]!.length <= m) rows = [0, 1, 2].map(() => new Float64Array(m * 2 + 1));
  let [prev2, prev, cur] = rows as [Float64Array, Float64Array, Float64Array];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    const del = ai === a.charCodeAt(i - 2) || ai === a.charCodeAt(i) ? 0.5 : 1;
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      const ins = bj === b.charCodeAt(j - 2) || bj === b.charCodeAt(j) ? 0.5 : 1;
      let v = Math.min(prev[j]! + del, cur[j - 1]! + ins, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}

/** The letters a-z a word holds, one bit each (other letters share bit 26). */
function letterMask(w: string): number {
  let m = 0;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i) - 97;
    m |= 1 << (c >= 0 && c < 26 ? c : 26);
  }
  return m;
}

function bits(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

export class Speller {
  private version: string | undefined;
  private vocab: Vocabulary | undefined;
  private readonly prefixDocs: Statement<{ p: string }, number>;
  private readonly exactDocs: Statement<{ p: string }, number>;

  constructor(private readonly db: Database) {
    this.prefixDocs = db
      .prepare<{ p: string }, number>(
        'SELECT coalesce(max(docs), 0) FROM search_terms WHERE term >= @p AND term < @p || char(1114111)',
      )
      .pluck();
    this.exactDocs = db
      .prepare<{ p: string }, number>('SELECT coalesce(max(docs), 0) FROM search_terms WHERE term = @p')
      .pluck();
  }

  private vocabulary(): Vocabulary {
    const v = getMeta(this.db, 'index_version');
    if (this.vocab && v === this.version) return this.vocab;
    const byLength: Vocabulary['byLength'] = new Map();
    const rows = this.db
      .prepare<[number], [string, number]>(
        'SELECT term, docs FROM search_terms WHERE length(term) >= 3 ORDER BY docs DESC LIMIT ?',
      )
      .raw(true)
      .all(VOCABULARY);
    for (const [term, docs] of rows) {
      // Facet tokens and numbers are not words anyone misspells; function words are never meant.
      if (!/^\p{L}+$/u.test(term) || STOP_WORDS.has(term)) continue;
      let b = byLength.get(term.length);
      if (!b) byLength.set(term.length, (b = { terms: [], docs: [], masks: [] }));
      b.terms.push(term);
      b.docs.push(docs);
      b.masks.push(letterMask(term));
    }
    this.version = v;
    this.vocab = { byLength };
    return this.vocab;
  }

  /**
   * The closest known words to `word`, best first: fewest edits, then most jobs. A word the index
   * holds itself (`known`) is only ever corrected by one edit: "krakow" is not "kraken".
   */
  candidates(word: string, minDocs: number, known = false): Replacement[] {
    const { byLength } = this.vocabulary();
    const found: Array<Replacement & { score: number }> = [];
    const mask = letterMask(word);
    // Never shorter than the word less one letter: dropping two is a fragment ("nurse" → "use").
    for (let len = Math.max(3, word.length - 1); len <= word.length + MAX_DISTANCE * 2; len++) {
      const b = byLength.get(len);
      if (!b) continue;
      // Longer words tolerate more edits; a 4-letter word, one.
      const max = word.length <= 4 || known ? 1 : MAX_DISTANCE;
      for (let i = 0; i < b.terms.length; i++) {
        const docs = b.docs[i]!;
        if (docs < minDocs) break; // sorted by docs, descending
        // Each letter one word has and the other lacks costs at least half an edit.
        const tm = b.masks[i]!;
        if (Math.max(bits(mask & ~tm), bits(tm & ~mask)) > max * 2) continue;
        const d = editDistance(word, b.terms[i]!, max);
        if (d > max || d === 0) continue;
        // One edit is worth a factor of about 30 in frequency.
        found.push({ word, suggestion: b.terms[i]!, docs, score: d * 3.4 - Math.log(docs) });
      }
    }
    return found
      .sort((x, y) => x.score - y.score)
      .slice(0, CANDIDATES)
      .map(({ score: _s, ...r }) => r);
  }

  /** Jobs a query word finds on its own, as the search reads it (a prefix unless told otherwise). */
  private docsOf(word: string, prefix: boolean): number {
    // coalesce(max(…), 0): always one row.
    return (prefix ? this.prefixDocs : this.exactDocs).get({ p: word })!;
  }

  /** Corrected queries for `text`, best first; none when every word finds enough jobs. */
  suggest(text: string): Suggestion[] {
    const q = parseQuery(text);
    const checked = new Map<string, Replacement[]>();
    for (const clause of q.must) {
      for (const t of clause) {
        const ws =
          t.kind === 'word'
            ? [[t.word, t.prefix] as const]
            : t.kind === 'phrase'
              ? t.words.map((w) => [w, false] as const)
              : [];
        for (const [w, prefix] of ws) {
          if (checked.has(w) || w.length < 3 || /\P{L}/u.test(w)) continue;
          const docs = this.docsOf(w, prefix);
          const known = docs > 0 && this.docsOf(w, false) > 0;
          checked.set(w, docs < RARE ? this.candidates(w, Math.max(1, docs * MORE), known) : []);
        }
      }
    }
    const fixes = [...checked.values()].filter((c) => c.length > 0);
    if (fixes.length === 0) return [];
    const rewrite = (map: Map<string, string>) => text.replace(/[\p{L}\p{N}\p{M}]+/gu, (m) => map.get(fold(m)) ?? m);
    const best = new Map(fixes.map((c) => [c[0]!.word, c[0]!.suggestion]));
    const out: Suggestion[] = [{ query: rewrite(best), replacements: fixes.map((c) => c[0]!) }];
    // Then the next candidates of the first word that has them.
    for (const alt of fixes[0]!.slice(1)) {
      const map = new Map(best).set(alt.word, alt.suggestion);
      out.push({ query: rewrite(map), replacements: [alt, ...fixes.slice(1).map((c) => c[0]!)] });
    }
    return out;
  }
}
