import { countryName } from '#shared/format/country-name';
import { cityKeys } from '../../text/city-names.js';

/** The parts of a location its words come from. */
export interface PlaceParts {
  city?: string | null | undefined;
  region?: string | null | undefined;
  country?: string | null | undefined;
}

// Letters that carry no combining mark, so neither NFKD nor FTS5's remove_diacritics folds them:
// "Łódź" must be found by "lodz" as "Kraków" is by "krakow" (docs/decisions/place-words.md).
const PLAIN: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  þ: 'th',
  ð: 'd',
};
const NOT_PLAIN = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'gu');

/** A name and, where it differs, its spelling in plain letters ("Łódź" → "Łódź Lodz"). */
function bothSpellings(name: string): string[] {
  const plain = name.replace(NOT_PLAIN, (c) => PLAIN[c] ?? c);
  return plain === name ? [name] : [name, plain];
}

/**
 * The words a job's places add to its search text: every location's city (under each of its
 * names), region and country name, so "nurse kraków" finds a posting whose second location is
 * Krakow. Accents fold in the tokenizer; letters without a mark are also written plain.
 */
export function placeWords(locations: readonly PlaceParts[]): string {
  const out = new Set<string>();
  for (const l of locations) {
    if (l.city) for (const n of [l.city, ...cityKeys(l.city)]) for (const s of bothSpellings(n)) out.add(s);
    if (l.region) for (const s of bothSpellings(l.region)) out.add(s);
    if (l.country) out.add(countryName(l.country));
  }
  return [...out].join(' \n');
}
