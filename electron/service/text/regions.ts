// Regions a posting is open to ("Remote - Europe", "EMEA", "LATAM", "DACH"): a closed list of
// codes, each with its English name and a fixed list of member countries (ISO 3166-1 alpha-2).
// A region is stored as the region, never as invented countries; a country filter answers it
// through these member lists (docs/decisions/region-postings.md).
import { placeKey } from './location.js';

const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE';
const EEA = `${EU} IS LI NO`;
// Europe as boards mean it: the EEA, the UK and Switzerland, the microstates and crown
// dependencies, the Balkans, Ukraine and Moldova. Not Russia, Belarus, Turkey or the Caucasus
// (EMEA holds those).
const EUROPE = `${EEA} GB CH AD MC SM VA GI IM JE GG FO AX AL BA ME MK RS MD UA`;
const MIDDLE_EAST = 'AE BH CY EG IL IQ IR JO KW LB OM PS QA SA SY TR YE';
const AFRICA =
  'DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU ' +
  'MA MZ NA NE NG RW ST SN SC SL SO ZA SS SD TZ TG TN UG ZM ZW EH RE YT SH';
const LATAM = 'MX GT BZ SV HN NI CR PA CU DO PR AR BO BR CL CO EC PY PE UY VE GY SR';
const SOUTHEAST_ASIA = 'BN KH ID LA MY MM PH SG TH TL VN';
const APAC = `CN HK MO TW JP KR MN ${SOUTHEAST_ASIA} IN PK BD LK NP BT MV AU NZ FJ PG SB VU WS TO KI FM MH PW NR TV`;

interface Region {
  /** The English name shown after "Remote —". */
  name: string;
  members: string;
}

export const REGIONS = {
  EU: { name: 'EU', members: EU },
  EEA: { name: 'EEA', members: EEA },
  EUROPE: { name: 'Europe', members: EUROPE },
  EMEA: { name: 'EMEA', members: `${EUROPE} RU BY GE AM AZ ${MIDDLE_EAST} ${AFRICA}` },
  DACH: { name: 'DACH', members: 'DE AT CH' },
  NORDICS: { name: 'Nordics', members: 'DK FI IS NO SE FO AX' },
  BENELUX: { name: 'Benelux', members: 'BE NL LU' },
  CEE: { name: 'Central and Eastern Europe', members: 'PL CZ SK HU RO BG SI HR EE LV LT RS BA ME MK AL MD UA' },
  UKI: { name: 'UK and Ireland', members: 'GB IE' },
  NAMER: { name: 'North America', members: 'US CA' },
  LATAM: { name: 'Latin America', members: LATAM },
  AMERICAS: { name: 'the Americas', members: `US CA ${LATAM} JM TT BS BB HT BM KY AG DM GD KN LC VC` },
  APAC: { name: 'APAC', members: APAC },
  SEA: { name: 'Southeast Asia', members: SOUTHEAST_ASIA },
  ANZ: { name: 'Australia and New Zealand', members: 'AU NZ' },
  MENA: { name: 'Middle East and North Africa', members: `${MIDDLE_EAST} DZ LY MA TN` },
  MIDDLE_EAST: { name: 'Middle East', members: MIDDLE_EAST },
  AFRICA: { name: 'Africa', members: AFRICA },
} as const satisfies Record<string, Region>;

export type RegionCode = keyof typeof REGIONS;

const MEMBERS: ReadonlyMap<RegionCode, ReadonlySet<string>> = new Map(
  (Object.keys(REGIONS) as RegionCode[]).map((code) => [code, new Set(REGIONS[code].members.split(' '))]),
);

/**
 * The words that name a region, as place keys. "Global", "Worldwide", "Anywhere", "Asia",
 * "Americas time zones" name none: a region is only what has a member list people agree on.
 * "North America" keeps the design's US + Canada: a board writing it rarely hires in Mexico.
 */
const NAMES: Readonly<Record<string, RegionCode>> = {
  eu: 'EU',
  'european union': 'EU',
  eea: 'EEA',
  'european economic area': 'EEA',
  europe: 'EUROPE',
  european: 'EUROPE',
  emea: 'EMEA',
  'emea region': 'EMEA',
  'europe middle east and africa': 'EMEA',
  'europe middle east africa': 'EMEA',
  dach: 'DACH',
  'dach region': 'DACH',
  nordics: 'NORDICS',
  nordic: 'NORDICS',
  'nordic countries': 'NORDICS',
  scandinavia: 'NORDICS',
  benelux: 'BENELUX',
  cee: 'CEE',
  'central and eastern europe': 'CEE',
  'central eastern europe': 'CEE',
  'eastern europe': 'CEE',
  uki: 'UKI',
  'uk i': 'UKI',
  'uk and ireland': 'UKI',
  namer: 'NAMER',
  'north america': 'NAMER',
  latam: 'LATAM',
  'latin america': 'LATAM',
  americas: 'AMERICAS',
  amer: 'AMERICAS',
  amers: 'AMERICAS',
  apac: 'APAC',
  'asia pacific': 'APAC',
  'asia pac': 'APAC',
  sea: 'SEA',
  'south east asia': 'SEA',
  'southeast asia': 'SEA',
  anz: 'ANZ',
  mena: 'MENA',
  'middle east and north africa': 'MENA',
  'middle east': 'MIDDLE_EAST',
  africa: 'AFRICA',
};

/** Words around a region name that do not change which region it is. */
const FILLER =
  /\b(?:remote|remotely|fully|100|work from home|wfh|anywhere|distributed|based|only|in|within|from|the|across|region|countries|timezones?|time zones?|friendly|first|ok|hybrid)\b/g;

/**
 * The region a location's text names, when it names one and nothing else ("Remote - Europe",
 * "EMEA", "Remote (LATAM)", "Anywhere in the EU"). A place with a country, a text that also names
 * a country or a city, or "Global" get none: unknown stays unknown.
 */
export function regionOfPlace(l: { country?: string | undefined; text?: string | undefined }): RegionCode | undefined {
  if (l.country || !l.text) return undefined;
  const words = placeKey(l.text).replace(FILLER, ' ').replace(/\s+/g, ' ').trim();
  return NAMES[words];
}

/** Whether the region holds the country. */
export function regionHolds(code: RegionCode, country: string): boolean {
  return MEMBERS.get(code)?.has(country) ?? false;
}

/** Every region that holds the country, for the country filter. */
export function regionsHolding(country: string): RegionCode[] {
  return (Object.keys(REGIONS) as RegionCode[]).filter((code) => regionHolds(code, country));
}

/** Whether a stored value is a region code (the index's scope column, the countries key). */
export function isRegionCode(v: string): v is RegionCode {
  return Object.hasOwn(REGIONS, v);
}

/** The card's words for a place open to a region: "Remote — Europe", or "Europe" when not remote. */
export function regionWords(code: RegionCode, remote: boolean): string {
  return remote ? `Remote — ${REGIONS[code].name}` : REGIONS[code].name;
}
