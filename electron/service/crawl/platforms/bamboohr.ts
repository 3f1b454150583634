import type { BoardRef } from '#shared/rules/board-ref';
import { locationFromAddress, type ParsedLocation } from '../../text/location.js';
import { arrayField, isRecord, MalformedBoard, str, type PlatformAdapter, type RawPosting } from './platform.js';

// BambooHR's public careers site (docs/decisions/more-platforms.md), two reads like Workday:
//   GET {company}.bamboohr.com/careers/list → {meta:{totalCount}, result:[{id, jobOpeningName,
//     employmentStatusLabel, location:{city,state}, atsLocation:{country,state,province,city},
//     isRemote, locationType}]} — no descriptions;
//   GET {company}.bamboohr.com/careers/{id}/detail → {result:{jobOpening:{description,
//     jobOpeningShareUrl, datePosted, compensation, …}}} for each new or changed posting.
// The host names the board, so an overridden base names it in the path (as Recruitee).
// `isRemote: true` is a remote flag; null says nothing. `locationType` codes are not documented
// anywhere public, so they are not read (unknown stays unknown).
const host = (b: BoardRef) => `https://${encodeURIComponent(b.token.toLowerCase())}.bamboohr.com`;

export const bamboohr: PlatformAdapter = {
  platform: 'bamboohr',
  list: 'result',
  apiBase: host,
  overriddenBase: (base, b) => `${base}/${encodeURIComponent(b.token.toLowerCase())}`,
  listPath: () => '/careers/list',
  careersUrl: (b) => `${host(b)}/careers`,
  read(body, board) {
    const result = arrayField(body, 'result', 'bamboohr');
    const postings = result.map((o, i) => posting(o, i, board));
    const meta = isRecord(body) && isRecord(body.meta) ? body.meta : undefined;
    const total = meta && typeof meta.totalCount === 'number' ? meta.totalCount : undefined;
    return { postings, ...(total !== undefined ? { statedTotal: total } : {}) };
  },
  detailPath: (_b, p) => `/careers/${encodeURIComponent(p.postingId)}/detail`,
  readDetail(body, p) {
    const o = isRecord(body) && isRecord(body.result) ? body.result.jobOpening : undefined;
    if (!isRecord(o)) throw new MalformedBoard(`bamboohr: detail of ${p.postingId} has no jobOpening`);
    const next: RawPosting = { ...p, descriptionHtml: str(o.description) ?? '' };
    // A pay note ("$20 - $25 per hour") is read by the shared pay rules, never parsed here.
    const pay = str(o.compensation);
    if (pay) next.payTexts = [pay, ...p.payTexts];
    const url = str(o.jobOpeningShareUrl);
    if (url) next.postingUrl = next.applyUrl = url;
    const posted = str(o.datePosted);
    // "2026-08-20": a day, read as that day's midnight UTC; anything else is not a date.
    if (posted && /^\d{4}-\d{2}-\d{2}$/.test(posted)) next.postedAt = Date.parse(`${posted}T00:00:00Z`);
    return next;
  },
};

/** The list states a place in `location` or `atsLocation` (whichever the employer filled in). */
function placeOf(o: Record<string, unknown>): { address?: ParsedLocation; words?: string } {
  const loc = isRecord(o.location) ? o.location : {};
  const ats = isRecord(o.atsLocation) ? o.atsLocation : {};
  const city = str(loc.city) ?? str(ats.city);
  const region = str(loc.state) ?? str(ats.state) ?? str(ats.province);
  const country = str(ats.country);
  const text = [city, region, country].filter(Boolean).join(', ');
  if (!text) return {};
  // Without a country field the words are read by the shared rules ("…, Alberta" is in Canada).
  if (!country) return { words: text };
  const address = locationFromAddress({ locality: city ?? null, region: region ?? null, country, text });
  return address ? { address } : {};
}

function posting(o: unknown, i: number, board: BoardRef): RawPosting {
  const id = isRecord(o) ? (typeof o.id === 'number' ? String(o.id) : str(o.id)) : undefined;
  if (!isRecord(o) || !id || !/^\d+$/.test(id))
    throw new MalformedBoard(`bamboohr ${board.token}: result[${i}] has no id`);
  const place = placeOf(o);
  const p: RawPosting = {
    postingId: id,
    title: typeof o.jobOpeningName === 'string' ? o.jobOpeningName : '',
    locationTexts: place.words ? [place.words] : [],
    structuredLocations: place.address ? [place.address] : [],
    employmentValues: [str(o.employmentStatusLabel)].filter((x): x is string => !!x),
    payTexts: [],
    descriptionHtml: '',
    postingUrl: `${host(board)}/careers/${id}`,
    applyUrl: `${host(board)}/careers/${id}`,
  };
  if (o.isRemote === true) p.remoteFlag = true;
  return p;
}
