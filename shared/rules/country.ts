import countries from 'i18n-iso-countries';

/** ISO 3166-1 alpha-2 codes, from a maintained list (i18n-iso-countries). */
const CODES: ReadonlySet<string> = new Set(Object.keys(countries.getAlpha2Codes()));

export function isCountryCode(code: string): boolean {
  return CODES.has(code);
}
