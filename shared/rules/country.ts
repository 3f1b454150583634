// The package's Node entry registers all 78 locales' names (78 JSON files, ~40 ms at startup);
// only the code list is needed here, which its locale-free entry has.
import countries from 'i18n-iso-countries/index.js';

/** ISO 3166-1 alpha-2 codes, from a maintained list (i18n-iso-countries). */
const CODES: ReadonlySet<string> = new Set(Object.keys(countries.getAlpha2Codes()));

export function isCountryCode(code: string): boolean {
  return CODES.has(code);
}
