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

interface FoldedText {
  text: string;
  words: string[];
}

const foldText = (s: string): FoldedText => ({ text: fold(s), words: words(s) });

/**
 * A job's fields folded for the check; the description (unpacked, parsed, folded: most of the
 * cost) only on first use, so a job whose title, company or places decide its terms skips it.
 */
class FoldedJob {
  readonly title: FoldedText;
  readonly company: FoldedText;
  readonly places: FoldedText;
  private text: FoldedText | undefined;

  constructor(
    title: string,
    company: string,
    places: PlaceParts[],
    private readonly html: () => string,
  ) {
    this.title = foldText(title);
    this.company = foldText(company);
    this.places = foldText(placeWords(places));
  }

  get description(): FoldedText {
    return (this.text ??= foldText(htmlToText(this.html())));
  }
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

function termIn(t: Term, f: FoldedText): boolean {
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

function matches(t: Term, f: FoldedJob): boolean {
  if (t.field) return termIn(t, f[t.field]);
  // Places are their own text, so a phrase never runs from the description into a city.
  return termIn(t, f.title) || termIn(t, f.company) || termIn(t, f.places) || termIn(t, f.description);
}

/**
 * Whether a job's title, company name, description HTML and places satisfy `v`; the description
 * is asked for only if a term needs it.
 */
export function verifyJob(
  v: Verify,
  title: string,
  company: string,
  html: () => string,
  places: PlaceParts[],
): boolean {
  const f = new FoldedJob(title, company, places, html);
  return v.must.every((c) => c.some((t) => matches(t, f))) && !v.not.some((t) => matches(t, f));
}
