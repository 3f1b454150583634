// Location strings from job boards → places with an ISO 3166-1 alpha-2 country.
// The rules (docs/decisions/crawl-truth.md): a qualifier in the same string beats the gazetteer
// ("Glasgow, Kentucky" is in the US); a name that could be two places gets no country; a macro
// region ("EMEA", "Europe") is not a country. Pure functions, no I/O beyond the module's tables.
import countries from 'i18n-iso-countries/index.js';
import { createRequire } from 'node:module';
import { fold } from '#shared/text/fold';
import { cityName } from './city-names.js';
import {
  AMBIGUOUS_CITIES,
  AMBIGUOUS_COUNTRY_NAMES,
  AU_STATES,
  CA_PROVINCES,
  CITIES,
  COUNTRY_ALIASES,
  OTHER_REGIONS,
  US_STATES,
} from './gazetteer.js';

export interface ParsedLocation {
  /** The source's words for this place, trimmed. */
  text: string;
  city?: string;
  region?: string;
  /** ISO 3166-1 alpha-2; absent when the text does not say (never guessed). */
  country?: string;
  /** The text itself says remote ("Remote - US"); not a decision about the job (see work-mode.ts). */
  remote: boolean;
  /** The text itself says hybrid ("Hybrid - London"). */
  hybrid?: boolean;
  /** The text names an office ("New York, NY (HQ)", "San Francisco Office"): a place people go to. */
  office?: boolean;
}

/**
 * A place name as a lookup key: the app's one fold (shared/text/fold.ts: case and accents off),
 * then Latin letters that do not decompose spelled out, dots and apostrophes dropped, and other
 * punctuation → space ("St. John's" → "st johns").
 */
export function placeKey(s: string): string {
  return fold(s)
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/[.'’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The country an ambiguous name could also be ("Georgia" the US state or GE). */
const AMBIGUOUS_COUNTRY_CODES: Readonly<Record<string, string>> = { georgia: 'GE', jersey: 'JE' };

const ALPHA2: ReadonlySet<string> = new Set(Object.keys(countries.getAlpha2Codes()));

type LangFile = { countries: Record<string, string | string[]> };
let countryByName: ReadonlyMap<string, string> | undefined;
/**
 * Country names in seven languages, built on first use: a search that reads no place (the CLI's
 * cold start, issue 30) does not pay for parsing and folding them.
 */
function countryByNameMap(): ReadonlyMap<string, string> {
  countryByName ??= buildCountryByName();
  return countryByName;
}
function buildCountryByName(): ReadonlyMap<string, string> {
  const m = new Map<string, string>();
  const require = createRequire(import.meta.url);
  const langs = ['pt', 'nl', 'it', 'es', 'fr', 'de', 'en'].map(
    (l) => require(`i18n-iso-countries/langs/${l}.json`) as LangFile,
  );
  for (const lang of langs) {
    for (const [code, names] of Object.entries(lang.countries)) {
      for (const n of Array.isArray(names) ? names : [names]) {
        const f = placeKey(n);
        if (f.length > 2 && !AMBIGUOUS_COUNTRY_NAMES.has(f)) m.set(f, code);
      }
    }
  }
  for (const [name, code] of Object.entries(COUNTRY_ALIASES)) m.set(name, code);
  return m;
}

/** A country's code from its name in English or a common local form, or an alpha-2/alpha-3 code. */
export function countryCodeOf(name: string | undefined | null): string | undefined {
  if (!name) return undefined;
  const t = name.trim();
  if (/^[A-Za-z]{2}$/.test(t) && ALPHA2.has(t.toUpperCase())) {
    const up = t.toUpperCase();
    return up === 'UK' ? 'GB' : up;
  }
  if (t.toUpperCase() === 'UK') return 'GB';
  if (/^[A-Z]{3}$/.test(t)) {
    const a2 = countries.alpha3ToAlpha2(t);
    if (a2) return a2;
  }
  return countryByNameMap().get(placeKey(t));
}

/** Macro regions: places bigger than one country. They keep their text and get no country. */
const MACRO_REGIONS: ReadonlySet<string> = new Set([
  'emea',
  'apac',
  'apj',
  'latam',
  'amer',
  'amers',
  'americas',
  'namer',
  'na',
  'emea region',
  'north america',
  'south america',
  'central america',
  'latin america',
  'europe',
  'eu',
  'european union',
  'eastern europe',
  'western europe',
  'central europe',
  'northern europe',
  'southern europe',
  'nordics',
  'dach',
  'benelux',
  'asia',
  'asia pacific',
  'south east asia',
  'southeast asia',
  'east asia',
  'south asia',
  'africa',
  'north africa',
  'sub saharan africa',
  'middle east',
  'mena',
  'middle east and north africa',
  'gcc',
  'cis',
  'cis region',
  'oceania',
  'anz',
  'global',
  'worldwide',
  'world',
  'anywhere',
  'international',
  'multiple locations',
  'various',
  'various locations',
  'other locations',
  'n a',
  'tbd',
  'location',
  'flexible',
  'north to south america',
  'us time zones',
  'americas time zones',
]);

const REMOTE_WORD =
  /\b(?:remote|remotely|anywhere|work from home|wfh|distributed|telecommute|home based|home office|t[ée]l[ée]travail|100% remote|fully remote)\b/i;
const HYBRID_WORD = /\b(?:hybrid|hybride)\b/i;
const OFFICE_WORD = /\b(?:hq|headquarters|head office|office|offices|campus)\b/i;
/** Words that name a building, not a place: stripped before lookup. */
const NOISE =
  /\b(?:hq|headquarters|head office|office|offices|campus|hub|based|in the|in|only|city centre|downtown|metro(?:politan)? area|area|greater)\b/gi;

type Kind =
  | { k: 'country'; country: string }
  | { k: 'region'; regions: Array<{ country: string; region: string }>; ambiguous?: string }
  | { k: 'city'; country: string; region?: string; name: string }
  | { k: 'code'; code: string }
  | { k: 'macro' }
  | { k: 'ambiguous' }
  | { k: 'unknown' };

function regionsOf(f: string): Array<{ country: string; region: string }> {
  const out: Array<{ country: string; region: string }> = [];
  const us = US_STATES[f];
  if (us) out.push({ country: 'US', region: us });
  const ca = CA_PROVINCES[f];
  if (ca) out.push({ country: 'CA', region: ca });
  const au = AU_STATES[f];
  if (au) out.push({ country: 'AU', region: au });
  const other = OTHER_REGIONS[f];
  if (other) out.push(other);
  return out;
}

function classify(token: string): Kind {
  const raw = token.trim();
  const f = placeKey(raw);
  if (!f) return { k: 'unknown' };
  if (MACRO_REGIONS.has(f)) return { k: 'macro' };
  // Two or three capitals: a code (state, province or country), read against its neighbours.
  if (/^[A-Z]{2,3}$/.test(raw) && !COUNTRY_ALIASES[f] && !CITIES[f]) return { k: 'code', code: raw };
  if (AMBIGUOUS_CITIES.has(f) || AMBIGUOUS_COUNTRY_NAMES.has(f)) {
    // As a qualifier ("Lafayette, Georgia") it reads as a region; alone it stays unknown (placeOf).
    const regions = regionsOf(f);
    return regions.length > 0
      ? { k: 'region', regions, ambiguous: AMBIGUOUS_COUNTRY_CODES[f] ?? 'XX' }
      : { k: 'ambiguous' };
  }
  const regions = regionsOf(f);
  const country = countryByNameMap().get(f);
  // "New York", "Quebec", "Hong Kong", "Singapore": the city reading is the one a board means.
  const city = CITIES[f];
  if (city) return { k: 'city', country: city[0], region: city[1], name: raw };
  if (country) return { k: 'country', country };
  if (regions.length > 0) return { k: 'region', regions };
  if (/^[a-z]{2}$/i.test(raw)) return { k: 'code', code: raw.toUpperCase() };
  return { k: 'unknown' };
}

/** What a 2-3 letter code can mean, in the order a job board most likely means it. */
function codeMeanings(code: string): Array<{ country: string; region?: string }> {
  const up = code.toUpperCase();
  const out: Array<{ country: string; region?: string }> = [];
  if (Object.values(US_STATES).includes(up)) out.push({ country: 'US', region: up });
  if (Object.values(CA_PROVINCES).includes(up)) out.push({ country: 'CA', region: up });
  if (Object.values(AU_STATES).includes(up)) out.push({ country: 'AU', region: up });
  const c = countryCodeOf(up);
  if (c) out.push({ country: c });
  return out;
}

const tidy = (s: string): string =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:/|–—-]+|[\s,;:/|–—-]+$/g, '')
    .trim();

/** One group of comma tokens → one place (tokens already without remote words). */
function placeOf(tokens: string[], text: string, remote: boolean, hybrid: boolean): ParsedLocation {
  const loc: ParsedLocation = { text, remote };
  if (hybrid) loc.hybrid = true;
  const kinds = tokens.map(classify);
  if (tokens.length === 0) return loc;
  const first = kinds[0]!;
  if (tokens.length === 1) {
    if (first.k === 'country') {
      loc.country = first.country;
      // "Congo Brazzaville", "Congo-Kinshasa": a country named with its city names the city too.
      const words = tokens[0]!.split(/[\s-]+/);
      const tail = words.length > 1 ? CITIES[fold(words[words.length - 1]!)] : undefined;
      if (tail && tail[0] === first.country) loc.city = words[words.length - 1]!;
    } else if (first.k === 'code') {
      // A lone three-letter code with one meaning: "CAN - Remote" is Canada, "NSW" New South Wales.
      // Two letters alone stay unread ("CA" is California or Canada).
      const meanings = first.code.length === 3 ? codeMeanings(first.code) : [];
      if (meanings.length === 1) {
        loc.country = meanings[0]!.country;
        if (meanings[0]!.region) loc.region = meanings[0]!.region;
      }
    } else if (first.k === 'city') {
      loc.city = tokens[0];
      loc.country = first.country;
      if (first.region) loc.region = first.region;
    } else if (first.k === 'region' && !first.ambiguous) {
      const countriesSeen = new Set(first.regions.map((r) => r.country));
      if (countriesSeen.size === 1) {
        loc.country = first.regions[0]!.country;
        loc.region = first.regions[0]!.region;
      }
    }
    return loc;
  }
  // Country first: "Taiwan, Taipei", "Australia, Sydney", "India, Bangalore".
  if (first.k === 'country' && tokens.length === 2) {
    const second = kinds[1]!;
    if (second.k === 'city' && second.country === first.country) {
      loc.city = tokens[1];
      if (second.region) loc.region = second.region;
    } else if (second.k === 'region') {
      const r = second.regions.find((x) => x.country === first.country);
      if (r) loc.region = r.region;
      else loc.city = tokens[1];
    } else if (second.k === 'unknown' || second.k === 'ambiguous') loc.city = tokens[1];
    loc.country = first.country;
    return loc;
  }
  // City, [region], [country]: the qualifiers decide, the gazetteer only fills in.
  const quals = kinds.slice(1);
  const explicitCountry = quals.find((q): q is { k: 'country'; country: string } => q.k === 'country')?.country;
  const regionTok = quals.find((q) => q.k === 'region' || q.k === 'code');
  let region: { country: string; region?: string } | undefined;
  if (regionTok?.k === 'region' && regionTok.ambiguous && first.k === 'city' && first.country === regionTok.ambiguous) {
    // "Tbilisi, Georgia": the city says which Georgia.
    region = { country: first.country };
  } else if (regionTok?.k === 'region') {
    region =
      regionTok.regions.find((r) => !explicitCountry || r.country === explicitCountry) ??
      (explicitCountry ? undefined : regionTok.regions[0]);
  } else if (regionTok?.k === 'code') {
    const meanings = codeMeanings(regionTok.code);
    const cityCountry = first.k === 'city' ? first.country : undefined;
    region =
      meanings.find((m) => explicitCountry && m.country === explicitCountry) ??
      meanings.find((m) => cityCountry && m.country === cityCountry) ??
      (cityCountry === 'ZA' && regionTok.code === 'SA' ? { country: 'ZA' } : undefined) ??
      (explicitCountry ? undefined : meanings[0]);
  }
  // "Alberta, Canada": the first token is itself a region of the named country.
  if (first.k === 'region' && tokens.length === 2 && explicitCountry) {
    const r = first.regions.find((x) => x.country === explicitCountry);
    loc.country = explicitCountry;
    if (r) loc.region = r.region;
    else loc.city = tokens[0];
    return loc;
  }
  // "North America (Canada)": a macro region is no city.
  if (first.k !== 'macro') loc.city = tokens[0];
  const country = explicitCountry ?? region?.country;
  if (country) {
    loc.country = country;
    if (region?.region && region.country === country) loc.region = region.region;
    else if (first.k === 'city' && first.country === country && first.region) loc.region = first.region;
  } else if (first.k === 'city') {
    // A qualifier nobody can place ("Tokyo, Kanto") does not unseat a known city.
    loc.country = first.country;
    if (first.region) loc.region = first.region;
  }
  return loc;
}

/** Is this token able to stand alone as a place (so a comma after it starts a new place)? */
function isQualifier(kind: Kind): boolean {
  return kind.k === 'country' || kind.k === 'region' || kind.k === 'code';
}

/** Comma tokens → groups, each one place: "Paris, France, Barcelona, Spain" → 2 groups. */
function groupTokens(tokens: string[]): string[][] {
  const groups: string[][] = [];
  let cur: string[] = [];
  let curHasCountry = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const kind = classify(t);
    // "København, Capital Region of Denmark, Denmark": an unknown middle token before a country is a region.
    if (
      cur.length === 1 &&
      !curHasCountry &&
      kind.k === 'unknown' &&
      classify(cur[0]!).k !== 'country' &&
      i + 1 < tokens.length &&
      classify(tokens[i + 1]!).k === 'country'
    ) {
      cur.push(t);
      continue;
    }
    if (cur.length === 0) {
      cur.push(t);
      curHasCountry = kind.k === 'country';
      continue;
    }
    const firstKind = classify(cur[0]!);
    const attach =
      !curHasCountry &&
      (isQualifier(kind) ||
        // "Taiwan, Taipei": a country first, then its city.
        (cur.length === 1 && firstKind.k === 'country' && (kind.k === 'city' || kind.k === 'unknown')));
    const regionOfFirst =
      firstKind.k === 'country' && kind.k === 'region' && kind.regions.some((r) => r.country === firstKind.country);
    if (cur.length === 1 && firstKind.k === 'country' && (kind.k === 'city' || kind.k === 'unknown' || regionOfFirst)) {
      // "New York, United States, Los Angeles, United States" has country after city; only a lone
      // leading country takes the next city.
      cur.push(t);
      curHasCountry = true;
      continue;
    }
    if (
      attach &&
      !(
        kind.k === 'region' &&
        cur.length >= 2 &&
        classify(cur[cur.length - 1]!).k !== 'city' &&
        classify(cur[cur.length - 1]!).k !== 'unknown' &&
        classify(cur[cur.length - 1]!).k !== 'ambiguous'
      )
    ) {
      cur.push(t);
      if (kind.k === 'country') curHasCountry = true;
    } else {
      groups.push(cur);
      cur = [t];
      curHasCountry = kind.k === 'country';
    }
  }
  if (cur.length > 0) groups.push(cur);
  return groups;
}

/** Strip remote/hybrid words from one piece; say which were there. */
function modeOf(piece: string): { rest: string; remote: boolean; hybrid: boolean } {
  const remote = REMOTE_WORD.test(piece);
  const hybrid = HYBRID_WORD.test(piece);
  let rest = piece;
  if (remote || hybrid) {
    rest = rest
      .replace(new RegExp(REMOTE_WORD.source, 'gi'), ' ')
      .replace(new RegExp(HYBRID_WORD.source, 'gi'), ' ')
      .replace(/\b(?:in|within|from|based|only|friendly|first|ok|possible|option|or|the)\b/gi, ' ');
  }
  return { rest, remote, hybrid };
}

/** "Bangalore (India)" → "Bangalore, India"; "(HQ)" and "(West)" dropped. */
function unparen(s: string): string {
  const keep = (_m: string, inner: string): string => {
    const k = classify(inner);
    return k.k === 'country' || k.k === 'region' || k.k === 'city' ? `, ${inner}` : ' ';
  };
  // A list split inside parens leaves "North America (Canada" and "United States)".
  return s
    .replace(/\(([^)]*)\)/g, keep)
    .replace(/\(([^)]*)$/, keep)
    .replace(/^([^(]*)\)/, '$1');
}

/** A location that says there is none. */
const NO_PLACE = /^(?:n\s*\/\s*a|tbd|none)$/i;

/** "US-San Francisco", "CA-Toronto", "US: SF Bay Area" → "San Francisco, US": the code qualifies the place. */
function codeFirst(part: string): string {
  const m = /^\s*([A-Za-z]{2})\s*[-–:]\s*(\S.*)$/.exec(part);
  if (!m || !countryCodeOf(m[1]!)) return part;
  const k = classify(m[2]!.trim()).k;
  return k === 'city' || k === 'region' || k === 'code' || k === 'ambiguous' ? `${m[2]!.trim()}, ${m[1]!}` : part;
}

/** Split on the separators boards use between places (not commas: those need grouping). */
function splitPlaces(s: string): string[] {
  return s
    .split(/\s*(?:;|\||\s\/\s|\/|\s+(?:or|and|&|ou|et|y|und|oder|\+)\s+|\s*&\s*|\n)\s*/i)
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
}

/** "India-Karnataka", "US-SF", "Canada - Toronto": a dash between two known names is a comma. */
function undash(piece: string): string {
  if (!/[-–—]/.test(piece)) return piece;
  if (classify(piece).k !== 'unknown') return piece; // "Cluj-Napoca", "Ho Chi Minh"
  const parts = piece.split(/\s*[-–—]\s*/).filter((p) => p.trim().length > 0);
  if (
    parts.length > 1 &&
    parts.every((p) => p.split(',').every((q) => q.trim() === '' || classify(q).k !== 'unknown'))
  ) {
    return parts.join(', ');
  }
  return piece;
}

function cleanToken(t: string): string {
  return tidy(
    t
      .replace(NOISE, ' ')
      .replace(/\b\d{1,2}\b$/, '')
      .replace(/\b\d{4,6}\b/g, ' '),
  );
}

/**
 * Every place a location string names. "New York, NY; London, UK" → two; "Remote - US" → one,
 * remote, country US; "Remote (EMEA)" → remote with no country; an unplaceable string keeps its
 * text and gets no country. Empty input → [].
 */
export function parseLocations(text: string): ParsedLocation[] {
  // "(Bengaluru, India)": parentheses around the whole text are no qualifier.
  const whole = tidy(text.replace(/\s+/g, ' ').replace(/^\s*\(([^()]*)\)\s*$/, '$1'));
  if (!whole || NO_PLACE.test(whole)) return [];
  const pieces = splitPlaces(whole.replace(/\(([^)]*)\)/g, (m) => m.replace(/\s+(?:or|and|&)\s+|\//gi, ' ; ')));
  // Parenthesised lists ("Remote (US or Canada)") were split above; the word outside applies to all.
  const wholeMode = modeOf(whole.replace(/\(.*?\)/g, ' '));
  const out: ParsedLocation[] = [];
  for (const piece of pieces) {
    const m = modeOf(piece);
    const remote = m.remote || (wholeMode.remote && pieces.length > 1 && /^\s*(?:remote|fully remote)\b/i.test(whole));
    const hybrid = m.hybrid || (wholeMode.hybrid && pieces.length > 1 && /^\s*hybrid\b/i.test(whole));
    const body = unparen(m.rest.replace(/[()]/g, (c) => c));
    const tokens = undash(body.split(',').map(codeFirst).join(','))
      .split(',')
      .map(cleanToken)
      .filter((t) => t.length > 0)
      .flatMap((t) => splitCityCode(t));
    const pieceText = balance(tidy(piece)) || piece;
    const office = !remote && OFFICE_WORD.test(piece);
    if (tokens.length === 0) {
      out.push({ text: pieceText, remote, ...(hybrid ? { hybrid } : {}), ...(office ? { office } : {}) });
      continue;
    }
    const groups = groupTokens(tokens);
    for (const g of groups) {
      const place = placeOf(g, groups.length === 1 ? pieceText : g.join(', '), remote, hybrid);
      if (place.city) place.city = cityName(place.city);
      if (office) place.office = true;
      out.push(place);
    }
  }
  return out;
}

/**
 * The text names only places bigger than one country ("Remote - North America", "NAMER", "EMEA"):
 * a pin some platforms attach to it (a postal address) is not where the job is.
 */
export function isMacroRegion(text: string): boolean {
  const pieces = splitPlaces(tidy(text.replace(/\s+/g, ' ')));
  return (
    pieces.length > 0 &&
    pieces.every((p) => {
      const tokens = undash(unparen(modeOf(p).rest))
        .split(',')
        .map(cleanToken)
        .filter((t) => t.length > 0);
      return tokens.length > 0 && tokens.every((t) => classify(t).k === 'macro');
    })
  );
}

/** Drop a paren left open or closed by splitting "Remote (US or Canada)". */
function balance(s: string): string {
  const open = (s.match(/\(/g) ?? []).length;
  const close = (s.match(/\)/g) ?? []).length;
  if (open > close)
    return tidy(s.replace(/\(([^)]*)$/, (_m, inner: string) => (inner.trim() ? ` (${inner.trim()})` : '')));
  if (close > open) return tidy(s.replace(/\)/, ''));
  return s;
}

/** "Seattle WA" → ["Seattle", "WA"] when the tail is a state/province code after a known city. */
function splitCityCode(t: string): string[] {
  // "Seattle Washington": a known city then a state's full name.
  const full = /^(.*\S)\s+(\S+(?:\s\S+)?)$/.exec(t);
  if (full && classify(t).k === 'unknown' && classify(full[1]!).k === 'city' && classify(full[2]!).k === 'region')
    return [full[1]!, full[2]!];
  const m = /^(.*\S)\s+([A-Z]{2})$/.exec(t);
  if (m && classify(t).k === 'unknown' && codeMeanings(m[2]!).length > 0 && classify(m[1]!).k !== 'unknown')
    return [m[1]!, m[2]!];
  return [t];
}

/** A structured postal address (Ashby `address.postalAddress`, SmartRecruiters `location`). */
export function locationFromAddress(a: {
  locality?: string | null;
  region?: string | null;
  country?: string | null;
  text?: string | null;
  remote?: boolean;
}): ParsedLocation | undefined {
  // "Remote/Remote/United States", "Japan/Japan/Japan": a remote word or the country itself in the
  // city or region field is no city or region ("Singapore" and "Hong Kong" are cities too).
  const placeField = (v: string | null | undefined): string | undefined => {
    const t = v?.trim();
    return t && !REMOTE_WORD.test(t) && classify(t).k !== 'country' ? t : undefined;
  };
  const given = a.text?.trim();
  const remote = a.remote ?? (given ? REMOTE_WORD.test(given) : false);
  // A remote text is pinned somewhere ("Remote - US" at San Francisco, "Remote - New York" at Albany):
  // the pin's city or region is where the job is only when the text names it too.
  const named = (v: string | undefined): string | undefined =>
    !remote || !given || ` ${placeKey(given)} `.includes(` ${placeKey(v ?? '')} `) ? v : undefined;
  const city = named(placeField(a.locality));
  const region = named(placeField(a.region));
  const country = countryCodeOf(a.country ?? undefined);
  const text = given || [city, region, a.country?.trim()].filter(Boolean).join(', ');
  if (!text) return undefined;
  // The address gives the place; the words still say how ("Remote (US)" pinned to the US).
  const loc: ParsedLocation = { text, remote: a.remote ?? REMOTE_WORD.test(text) };
  if (HYBRID_WORD.test(text)) loc.hybrid = true;
  if (!loc.remote && OFFICE_WORD.test(text)) loc.office = true;
  if (city) loc.city = cityName(city);
  if (region) loc.region = region;
  if (country) loc.country = country;
  return loc;
}
