import { words } from '#shared/text/fold';
import { namesAPlace } from './fold-rules.js';

// A board's per-town series (docs/decisions/folding.md § Per-town series): "Sales Representative
// Jijel", "Sales Representative (Oran)", "Sales representative Annaba" … The town is only in the
// title and in no place list, so it is told from a team ("Account Executive - Enterprise") by
// how the board uses it: the same title recurs with at least SERIES_MIN different trailing
// segments that no place list knows (known places are removed anyway, and a series of known
// towns says nothing of one more segment: "- Payments" after "- Berlin", "- Munich"), each one or two words without digits, none a word of the employer's name ("Theodo
// HealthTech"), and none of those words ever written in lower case in the series' own texts —
// a town is a proper name, a team ("backend", "enterprise", "brand") is also a common word.

/** Distinct trailing segments a title must recur with before they are read as places. */
export const SERIES_MIN = 3;

/** A separator, then the trailing segment (as fold-rules' TAIL, without "in"/"at"). */
const TAIL = /^(.*?\S)\s*[-–—|,/:·@(]\s*([^-–—|,/:·@(]*?)\)?\s*$/u;

export interface TitleSplit {
  /** The title's words before its trailing segment. */
  prefix: string[];
  /** The trailing segment's words, as written (case kept) and folded. */
  raw: string;
  tail: string[];
}

/** The title's last segment (after a separator, else its last word) and the words before it. */
export function splitTitle(title: string): TitleSplit | undefined {
  const m = TAIL.exec(title);
  const head = m ? m[1]! : title.replace(/\s*\S+\s*$/u, '');
  const raw = m ? m[2]!.trim() : title.trim().slice(head.length).trim();
  const prefix = words(head);
  const tail = words(raw);
  if (prefix.length < 2 || tail.length < 1 || tail.length > 2 || /\d/.test(raw)) return undefined;
  if (!/^\p{Lu}/u.test(raw)) return undefined; // a place's name is capitalised in the title
  return { prefix, raw, tail };
}

/** A sibling of the series: its title and its description's text. */
export interface SeriesMember {
  title: string;
  /** Read only when the title recurs enough to be a series. */
  text: () => string;
}

/**
 * The trailing words of `title` when they name a place by the series rule above, else undefined.
 * `siblings`: the employer's other postings whose title starts like this one (any status).
 */
export function seriesPlace(
  title: string,
  companyName: string,
  siblings: readonly SeriesMember[],
  ownText: string,
): string[] | undefined {
  const me = splitTitle(title);
  if (!me) return undefined;
  const key = me.prefix.join(' ');
  const employer = new Set(words(companyName));
  if (namesAPlace(me.raw)) return undefined; // known already: foldTitle removes it
  const tails = new Set<string>([me.tail.join(' ')]);
  const texts = [() => ownText];
  for (const s of siblings) {
    const other = splitTitle(s.title);
    if (!other || other.prefix.join(' ') !== key || namesAPlace(other.raw)) continue;
    tails.add(other.tail.join(' '));
    texts.push(s.text);
  }
  if (tails.size < SERIES_MIN) return undefined;
  const tailWords = new Set([...tails].flatMap((t) => t.split(' ')));
  for (const w of tailWords) if (employer.has(w)) return undefined;
  // Any tail word written in lower case in the series' texts is a common word, not a town.
  for (const text of texts) {
    for (const token of text()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (tailWords.has(token)) return undefined;
    }
  }
  return me.tail;
}
