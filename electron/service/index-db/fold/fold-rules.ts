import { createHash } from 'node:crypto';
import { fold, words } from '#shared/text/fold';
import { AMBIGUOUS_CITIES, CA_PROVINCES, CITIES, OTHER_REGIONS, US_STATES } from '../../text/gazetteer.js';
import { countryCodeOf, isMacroRegion } from '../../text/location.js';

// What makes two postings "the same role" (docs/decisions/folding.md). An exact pass (employer +
// title without its trailing place + contract type + level + description), then word-Jaccard of
// the descriptions within that bucket. Different employers, titles, levels or contract types are
// never compared, so never folded.

/** Descriptions at least this similar (shared words / all words) are one role. */
export const JACCARD_MIN = 0.9;

/** Words that say where or how, never what, when they end a title ("… - Remote", "… (Hybrid)"). */
const WHERE_WORDS = new Set([
  'remote',
  'hybrid',
  'onsite',
  'on',
  'site',
  'office',
  'based',
  'anywhere',
  'worldwide',
  'global',
  'or',
  'and',
]);

/** A separator, then a tail of words; the tail may be a place. */
const TAIL = /^(.*?\S)\s*(?:[-–—|,/:·@(]|\s(?:in|at)\s)\s*([^-–—|,/:·@(]*?)\)?\s*$/u;

let countryNames: Intl.DisplayNames | undefined;
function countryName(code: string): string {
  countryNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return countryNames.of(code.toUpperCase()) ?? '';
  } catch {
    return '';
  }
}

export interface FoldPlace {
  city?: string | null | undefined;
  region?: string | null | undefined;
  country?: string | null | undefined;
  text?: string | null | undefined;
}

const STATE_NAMES = new Map(Object.entries(US_STATES).map(([name, code]) => [code.toLowerCase(), name]));

/** Every word that names one of the posting's own places. */
export function placeWords(places: readonly FoldPlace[]): Set<string> {
  const out = new Set<string>();
  for (const p of places) {
    for (const v of [p.city, p.region, p.text]) {
      if (!v) continue;
      for (const w of words(v)) out.add(w);
      // A US state written as its code names the state too ("IL" is Illinois), and back.
      for (const part of v.split(/[,/]/)) {
        const f = fold(part).trim();
        const name = STATE_NAMES.get(f);
        if (name) for (const w of words(name)) out.add(w);
        const code = US_STATES[f];
        if (code) out.add(code.toLowerCase());
      }
    }
    if (p.country) {
      out.add(p.country.toLowerCase());
      for (const w of words(countryName(p.country))) out.add(w);
    }
  }
  return out;
}

/**
 * The title as words, with trailing segments that only name the posting's own places (or
 * remote/hybrid) removed: "Behavior Technician - Austin, TX" in Austin, TX → "behavior technician".
 * A tail with any other word ("… - Casablanca CDI") stays: it may say what the role is.
 */
export function foldTitle(title: string, places: ReadonlySet<string>): string {
  let t = title.trim();
  for (;;) {
    const m = TAIL.exec(t);
    if (!m) break;
    const tail = words(m[2]!);
    if (
      tail.length === 0 ||
      !(tail.every((w) => places.has(w) || WHERE_WORDS.has(w) || DIRECTIONS.has(w)) || namesAPlace(m[2]!))
    )
      break;
    if (words(m[1]!).length === 0) break;
    t = m[1]!.trim();
  }
  // The posting's own places anywhere in the title ("Start your practice in Colorado!" in
  // Colorado, "Sales Representative Jijel" in Jijel), as long as a title remains; two-letter
  // codes stay (IN, DE, IT are words too).
  const ws = words(t);
  const drop = new Set<number>();
  ws.forEach((w, i) => {
    if (w.length > 2 && !WHERE_WORDS.has(w) && (places.has(w) || isPlaceName(w))) drop.add(i);
    if (i > 0 && isPlaceName(`${ws[i - 1]} ${w}`)) drop.add(i - 1).add(i); // "New Mexico"
  });
  const kept = ws.filter((_w, i) => !drop.has(i));
  // Word order does not make another role ("Senior Marketplace Product Manager").
  return (kept.length >= 2 ? kept : ws).sort().join(' ');
}

/** A territory's direction after a title ("Account Executive - Americas (East)"). */
const DIRECTIONS = new Set([
  'east',
  'west',
  'north',
  'south',
  'central',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
  'midwest',
  'eastern',
  'western',
  'northern',
  'southern',
]);

/** A tail that is, as a whole, a known place: a country, a macro-region (EMEA, APAC), a state or a listed city. */
export function namesAPlace(tail: string): boolean {
  const t = tail.replace(/^\s*(?:remote|hybrid|onsite)\b[\s-]*/i, '').trim();
  if (!t) return false;
  const f = fold(t)
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (MACRO.has(f) || countryCodeOf(t) !== undefined || isMacroRegion(t)) return true;
  return f in US_STATES || f in CA_PROVINCES || f in OTHER_REGIONS || f in CITIES || AMBIGUOUS_CITIES.has(f);
}

/** A word or two that is, unambiguously, a place's name: a country, a US state, a listed city. */
function isPlaceName(f: string): boolean {
  if (MACRO.has(f) || f in US_STATES || f in CA_PROVINCES || f in OTHER_REGIONS || f in CITIES) return true;
  return f.length > 3 && countryCodeOf(f) !== undefined;
}

/** Regions boards put after a title that the location parser does not call macro. */
const MACRO = new Set([
  'emea',
  'apac',
  'apj',
  'amer',
  'americas',
  'namer',
  'latam',
  'cis',
  'mena',
  'dach',
  'nordics',
  'benelux',
  'europe',
  'asia',
  'africa',
  'oceania',
  'anz',
  'north america',
  'south america',
  'middle east',
  'asia pacific',
  'us canada',
]);

/** The bucket: only postings with equal buckets are ever compared. */
export function foldBucket(companyId: string, title: string, employmentType: string, seniority: string): string {
  return `${companyId}\u0001${title}\u0001${employmentType}\u0001${seniority}`;
}

/** The description as its words (folded), for the exact pass and for Jaccard. */
export function descriptionWords(text: string): string[] {
  return words(text);
}

export function exactDigest(descWords: readonly string[]): string {
  return createHash('sha1').update(descWords.join(' ')).digest('base64url').slice(0, 16);
}

/**
 * |A ∩ B| / |A ∪ B| over distinct words, leaving out words that only say where (either posting's
 * places) or how much (words with digits: pay, hours, dates): the same role in two towns, at the
 * town's pay, is one role. Two empty descriptions are equal.
 */
export function jaccard(
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
  ignore: ReadonlySet<string> = new Set(),
): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  let union = 0;
  for (const w of small) {
    if (ignore.has(w) || /\d/.test(w)) continue;
    union++;
    if (large.has(w)) both++;
  }
  for (const w of large) if (!small.has(w) && !ignore.has(w) && !/\d/.test(w)) union++;
  return union === 0 ? 1 : both / union;
}
