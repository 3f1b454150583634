import { fold } from '#shared/text/fold';

/**
 * One name per city, so the city filter and facet find every posting of it whatever the board wrote:
 * an alias or local name (folded) → the name stored. Names not listed are stored as written.
 */
const CITY_NAMES: Readonly<Record<string, string>> = {
  'new york city': 'New York',
  nyc: 'New York',
  sf: 'San Francisco',
  la: 'Los Angeles',
  sea: 'Seattle',
  'washington d c': 'Washington DC',
  munchen: 'Munich',
  koln: 'Cologne',
  bruxelles: 'Brussels',
  'luxembourg city': 'Luxembourg',
  lisboa: 'Lisbon',
  roma: 'Rome',
  torino: 'Turin',
  milano: 'Milan',
  wien: 'Vienna',
  kobenhavn: 'Copenhagen',
  warszawa: 'Warsaw',
  praha: 'Prague',
  bucuresti: 'Bucharest',
  cluj: 'Cluj-Napoca',
  'cluj napoca': 'Cluj-Napoca',
  kiev: 'Kyiv',
  'st petersburg': 'Saint Petersburg',
  'dar es salam': 'Dar es Salaam',
  jhb: 'Johannesburg',
  joburg: 'Johannesburg',
  capetown: 'Cape Town',
  cpt: 'Cape Town',
  pta: 'Pretoria',
  dbn: 'Durban',
  'ho chi minh': 'Ho Chi Minh City',
  hcmc: 'Ho Chi Minh City',
  bangalore: 'Bengaluru',
  gurgaon: 'Gurugram',
  'ciudad de mexico': 'Mexico City',
  cdmx: 'Mexico City',
  'taipei city': 'Taipei',
};

/** The one name a city is stored under ("New York City", "NYC" → "New York"); others as written. */
export function cityName(name: string): string {
  return CITY_NAMES[fold(name)] ?? name;
}

const NAMES_OF = new Map<string, string[]>();
for (const [alias, name] of Object.entries(CITY_NAMES)) {
  const key = fold(name);
  NAMES_OF.set(key, [...(NAMES_OF.get(key) ?? [key]), alias]);
}

/**
 * Every folded name of the city `name` names: the city filter finds a city under any of them,
 * as crawled postings store one name ("Munich") and other sources may store another ("München").
 */
export function cityKeys(name: string): string[] {
  const key = fold(name);
  return NAMES_OF.get(fold(cityName(name))) ?? [key];
}
