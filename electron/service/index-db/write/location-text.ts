import { locationWords } from '#shared/format/location-words';
import { regionOfPlace, regionWords } from '../../text/regions.js';
import type { LocationRecord } from '../records.js';

/**
 * The card's human-readable location: the first location, "+N more" for the rest. A place open to
 * a region reads "Remote — Europe" (region-postings.md), so a country filter that answers it by
 * the region shows why. `regions: false` is the rule before regions, for the backfill.
 */
export function locationText(locations: LocationRecord[], remote: boolean | undefined, regions = true): string {
  const first = locations[0];
  if (!first) return remote ? 'Remote' : '';
  const scope = regions ? regionOfPlace(first) : undefined;
  const text = scope ? regionWords(scope, first.remote || remote === true) : locationWords(first);
  return locations.length > 1 ? `${text} +${locations.length - 1} more` : text;
}

/**
 * `,US,DE,~EUROPE,`: the distinct countries of a job's locations, then the regions its places are
 * open to behind `~`, for `instr(countries, ',US,')` and `instr(countries, ',~EUROPE,')`. The
 * covering indexes carry this column, so a country filter that also asks for regions is still
 * answered from the index.
 */
export function countriesKey(locations: LocationRecord[]): string {
  const codes = [...new Set(locations.map((l) => l.country).filter((c): c is string => !!c))];
  const regions = [...new Set(locations.map((l) => regionOfPlace(l)).filter((r) => r !== undefined))];
  const all = [...codes, ...regions.map((r) => `~${r}`)];
  return all.length ? `,${all.join(',')},` : '';
}
