import { AU_STATES, CA_PROVINCES, US_STATES } from '../../text/gazetteer.js';
import { countryCodeOf, locationFromAddress, parseLocations, type ParsedLocation } from '../../text/location.js';

// A Workday location is one place per string, written by each tenant in its own house style:
// "US, CA, Santa Clara", "USA DC Washington", "USA.VA.Reston", "DEU Wiesbaden - Wiesbaden Army
// Airfield (APC180)", "China, Shanghai, Puxi", "US, NC, Remote". The shape is country, then (for the
// countries boards write so) a state code, then the city, then a site: read as that one place, not
// as a list of places. A string of another shape goes to the shared parser.

const STATE_CODES: Readonly<Record<string, ReadonlySet<string>>> = {
  US: new Set([...Object.values(US_STATES), 'DC']),
  CA: new Set(Object.values(CA_PROVINCES)),
  AU: new Set(Object.values(AU_STATES)),
};
const REMOTE = /^(?:remote|virtual|home ?based|work from home|telecommute)$/i;

/** "N Locations" is the list's count of places, not a place. */
export function isLocationCount(text: string): boolean {
  return /^\s*\d+\s+locations?\s*$/i.test(text);
}

/** One Workday location string → its place; `country` (ISO alpha-2) is the detail's own, when stated. */
export function workdayPlace(text: string, country?: string): ParsedLocation[] {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t || isLocationCount(t)) return [];
  const shaped = countryFirst(t);
  if (shaped) return [shaped];
  const parsed = parseLocations(t);
  // The detail states the country of the requisition's place: it fills a place the words leave open.
  if (country && parsed.length === 1 && !parsed[0]!.country) parsed[0] = { ...parsed[0]!, country };
  return parsed;
}

function countryFirst(t: string): ParsedLocation | undefined {
  // Country as a code before a space, dot or comma ("USA DC Washington", "USA.VA.Reston", "US, CA, …"),
  // or as a name before a comma ("China, Shanghai, Puxi").
  const m = /^([A-Z]{2,3})(?:\s*[,.]\s*|\s+)(.+)$/.exec(t) ?? /^([A-Za-z][A-Za-z ]+?)\s*,\s*(.+)$/.exec(t);
  if (!m) return undefined;
  const country = countryCodeOf(m[1]!);
  if (!country) return undefined;
  let rest = m[2]!;
  let region: string | undefined;
  const states = STATE_CODES[country];
  const st = /^([A-Z]{2,3})(?:\s*[,.]\s*|\s+)(.+)$/.exec(rest);
  if (states && st && states.has(st[1]!)) {
    region = st[1]!;
    rest = st[2]!;
  } else if (states && states.has(rest.trim())) {
    region = rest.trim();
    rest = '';
  }
  // The city is the next part; a site after it ("Rio Robles", "- Wiesbaden Army Airfield (APC180)") is not.
  const city = rest.split(/\s*[,.(]\s*|\s+-\s+/)[0]?.trim();
  const remote = !!city && REMOTE.test(city);
  // "CA, San Francisco" is a state and a city, not Canada: a city known elsewhere undoes the reading.
  if (city && !remote && parseLocations(city).some((l) => l.country && l.country !== country)) return undefined;
  return locationFromAddress({
    locality: city && !remote && /\p{L}/u.test(city) ? city : null,
    region: region ?? null,
    country,
    text: t,
    ...(remote ? { remote: true } : {}),
  });
}
