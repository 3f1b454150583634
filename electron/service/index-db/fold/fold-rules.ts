import { createHash } from 'node:crypto';
import { words } from '#shared/text/fold';

// What makes two postings "the same role" (docs/decisions/folding.md). An exact pass (employer +
// title without its trailing place + contract type + level + description), then word-Jaccard of
// the descriptions within that bucket. Different employers, titles, levels or contract types are
// never compared, so never folded.

/** Descriptions at least this similar (shared words / all words) are one role. */
export const JACCARD_MIN = 0.9;

/** Words that say where or how, never what, when they end a title ("… - Remote", "… (Hybrid)"). */
const WHERE_WORDS = new Set(['remote', 'hybrid', 'onsite', 'on', 'site', 'office', 'based', 'anywhere', 'worldwide', 'global', 'or', 'and']);

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

/** Every word that names one of the posting's own places. */
export function placeWords(places: readonly FoldPlace[]): Set<string> {
  const out = new Set<string>();
  for (const p of places) {
    for (const v of [p.city, p.region, p.text]) if (v) for (const w of words(v)) out.add(w);
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
    if (tail.length === 0 || !tail.every((w) => places.has(w) || WHERE_WORDS.has(w))) break;
    if (words(m[1]!).length === 0) break;
    t = m[1]!.trim();
  }
  return words(t).join(' ');
}

/** The bucket: only postings with equal buckets are ever compared. */
export function foldBucket(companyCid: number, title: string, employmentType: string, seniority: string): string {
  return `${companyCid}\u0001${title}\u0001${employmentType}\u0001${seniority}`;
}

/** The description as its words (folded), for the exact pass and for Jaccard. */
export function descriptionWords(text: string): string[] {
  return words(text);
}

export function exactDigest(descWords: readonly string[]): string {
  return createHash('sha1').update(descWords.join(' ')).digest('base64url').slice(0, 16);
}

/** |A ∩ B| / |A ∪ B| over distinct words; two empty descriptions are equal. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  for (const w of small) if (large.has(w)) both++;
  return both / (a.size + b.size - both);
}
