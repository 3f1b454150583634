import { locationWords } from '#shared/format/location-words';
import type { LocationRecord } from '../records.js';

/** The card's human-readable location: the first location, "+N more" for the rest. */
export function locationText(locations: LocationRecord[], remote: boolean | undefined): string {
  const first = locations[0];
  if (!first) return remote ? 'Remote' : '';
  const text = locationWords(first);
  return locations.length > 1 ? `${text} +${locations.length - 1} more` : text;
}

/** `,US,DE,`: the distinct countries of a job's locations, for `instr(countries, ',US,')`. */
export function countriesKey(locations: LocationRecord[]): string {
  const codes = [...new Set(locations.map((l) => l.country).filter((c): c is string => !!c))];
  return codes.length ? `,${codes.join(',')},` : '';
}
