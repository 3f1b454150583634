import { fold, words } from '#shared/text/fold';
import type { Term } from '#shared/text/query-syntax';
import { htmlToText } from '../write/html-text.js';
import { placeWords, type PlaceParts } from '../write/place-words.js';

// The exact check of the terms FTS5 cannot answer by itself: phrases (the index keeps no
// positions) and literals such as c++ or .net (the tokenizer drops their symbols). FTS5 narrows
// to the jobs holding their words; this decides on each of them (docs/decisions/query-language.md).

/** What must hold: every clause (any of its terms), and none of `not`. */
export interface Verify {
  must: Term[][];
  not: Term[];
}

interface Texts {
  title: string;
  company: string;
  description: string;
  places: string;
}

type Folded = Record<keyof Texts, { text: string; words: string[] }>;

function folded(t: Texts): Folded {
  const f = (s: string) => ({ text: fold(s), words: words(s) });
  return { title: f(t.title), company: f(t.company), description: f(t.description), places: f(t.places) };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A literal as a pattern: it may not continue a word on a side where it starts or ends with one. */
function literalPattern(text: string): RegExp {
  const wordy = /[\p{L}\p{N}]/u;
  const before = wordy.test(text[0] ?? '') ? '(?<![\\p{L}\\p{N}])' : '';
  const last = text.at(-1) ?? '';
  const after = wordy.test(last) ? '(?![\\p{L}\\p{N}])' : /[+#]/.test(last) ? '(?![+#])' : '';
  return new RegExp(`${before}${escape(text)}${after}`, 'u');
}

const patterns = new Map<string, RegExp>();

function termIn(t: Term, f: { text: string; words: string[] }): boolean {
  switch (t.kind) {
    case 'word':
      return f.words.some((w) => w === t.word || (t.prefix && w.startsWith(t.word)));
    case 'phrase':
      for (let i = 0; i + t.words.length <= f.words.length; i++) {
        if (t.words.every((p, k) => f.words[i + k] === p)) return true;
      }
      return false;
    case 'literal': {
      let p = patterns.get(t.text);
      if (!p) {
        if (patterns.size > 500) patterns.clear();
        patterns.set(t.text, (p = literalPattern(t.text)));
      }
      return p.test(f.text.replace(/\uFE0F/g, ''));
    }
  }
}

function matches(t: Term, f: Folded): boolean {
  if (t.field) return termIn(t, f[t.field]);
  // Places are their own text, so a phrase never runs from the description into a city.
  return termIn(t, f.title) || termIn(t, f.company) || termIn(t, f.description) || termIn(t, f.places);
}

/** Whether a job's title, company name, description HTML and places satisfy `v`. */
export function verifyJob(v: Verify, title: string, company: string, html: string, places: PlaceParts[] = []): boolean {
  const f = folded({ title, company, description: htmlToText(html), places: placeWords(places) });
  return v.must.every((c) => c.some((t) => matches(t, f))) && !v.not.some((t) => matches(t, f));
}
