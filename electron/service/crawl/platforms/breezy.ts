import type { BoardRef } from '#shared/rules/board-ref';
import { locationFromAddress, type ParsedLocation } from '../../text/location.js';
import { isRecord, MalformedBoard, str, timeOf, type PlatformAdapter, type RawPosting } from './platform.js';

// Breezy HR's public careers feed (docs/decisions/more-platforms.md): GET
// {company}.breezy.hr/json?verbose=true → a bare JSON array of positions {id, friendly_id, name,
// url, published_date, type:{id,name}, location:{country:{id,name}, state:{id,name}, city, name,
// is_remote}, locations?:[…same], department, salary?, company:{name}, description (HTML, what
// `verbose` adds)}. One read, no paging, no stated total. The field names are Breezy's Position
// model (developer.breezy.hr); the host names the board, so an overridden base names it in the path.
const host = (b: BoardRef) => `https://${encodeURIComponent(b.token.toLowerCase())}.breezy.hr`;

export const breezy: PlatformAdapter = {
  platform: 'breezy',
  list: '$',
  apiBase: host,
  overriddenBase: (base, b) => `${base}/${encodeURIComponent(b.token.toLowerCase())}`,
  listPath: () => '/json?verbose=true',
  careersUrl: (b) => `${host(b)}/`,
  read(body, board) {
    if (!Array.isArray(body)) throw new MalformedBoard(`breezy ${board.token}: answer is not a list of positions`);
    const postings = body.map((o, i) => posting(o, i, board));
    const first = body.find((o) => isRecord(o) && isRecord(o.company));
    const companyName = isRecord(first) && isRecord(first.company) ? str(first.company.name) : undefined;
    return { postings, ...(companyName ? { companyName } : {}) };
  },
};

/** One Breezy location: with an ISO country id it is an address; without, its words go to the shared parser. */
function placeOf(l: unknown): { address?: ParsedLocation; words?: string } {
  if (!isRecord(l)) return {};
  const country = isRecord(l.country) ? (str(l.country.id) ?? str(l.country.name)) : undefined;
  const region = isRecord(l.state) ? (str(l.state.name) ?? str(l.state.id)) : undefined;
  const city = str(l.city);
  const text = str(l.name) ?? [city, region, country].filter(Boolean).join(', ');
  if (!text) return {};
  if (!country) return { words: text };
  const address = locationFromAddress({ locality: city ?? null, region: region ?? null, country, text });
  return address ? { address } : { words: text };
}

function posting(o: unknown, i: number, board: BoardRef): RawPosting {
  const id = isRecord(o) ? str(o.id) : undefined;
  if (!isRecord(o) || !id) throw new MalformedBoard(`breezy ${board.token}: position[${i}] has no id`);
  // `locations` lists every place when the employer gave several; `location` is the first of them.
  const all = Array.isArray(o.locations) && o.locations.length > 0 ? o.locations : [o.location];
  const places = all.map(placeOf);
  const type = isRecord(o.type) ? (str(o.type.name) ?? str(o.type.id)) : undefined;
  const salary = str(o.salary);
  const url = str(o.url) ?? `${host(board)}/p/${encodeURIComponent(str(o.friendly_id) ?? id)}`;
  const p: RawPosting = {
    postingId: id,
    title: typeof o.name === 'string' ? o.name : '',
    locationTexts: [...new Set(places.flatMap((x) => (x.words ? [x.words] : [])))],
    structuredLocations: places.flatMap((x) => (x.address ? [x.address] : [])),
    employmentValues: type ? [type] : [],
    // A pay note ("$50,000 - $60,000 / yr") is read by the shared pay rules, never parsed here.
    payTexts: salary ? [salary] : [],
    descriptionHtml: str(o.description) ?? '',
    postingUrl: url,
    applyUrl: url,
  };
  // `is_remote: true` is a remote flag; false is Breezy's default and says nothing about hybrid.
  if (all.some((l) => isRecord(l) && l.is_remote === true)) p.remoteFlag = true;
  const posted = timeOf(o.published_date);
  if (posted) p.postedAt = posted;
  return p;
}
