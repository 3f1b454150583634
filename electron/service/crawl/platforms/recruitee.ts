import type { BoardRef } from '#shared/rules/board-ref';
import { locationFromAddress, type ParsedLocation } from '../../text/location.js';
import { salaryFromStructured } from '../normalize/salary-text.js';
import {
  arrayField,
  isRecord,
  MalformedBoard,
  str,
  timeOf,
  type PlatformAdapter,
  type RawPosting,
} from './platform.js';

// GET {company}.recruitee.com/api/offers/ → {offers:[…]}: Recruitee's public careers-site API, one
// listing with descriptions. The host names the board, so an overridden base names it in the path
// (`{base}/{company}/api/offers/`, docs/decisions/crawl.md). An offer's places are `locations[]`,
// else its own city/state/country; `remote`/`hybrid`/`on_site` are the structured workplace when
// exactly one is set, and `remote` alone (older answers) is a remote flag; `salary` is structured.
export const recruitee: PlatformAdapter = {
  platform: 'recruitee',
  list: 'offers',
  apiBase: (b) => `https://${encodeURIComponent(b.token.toLowerCase())}.recruitee.com`,
  overriddenBase: (base, b) => `${base}/${encodeURIComponent(b.token.toLowerCase())}`,
  listPath: () => '/api/offers/',
  careersUrl: (b) => `https://${encodeURIComponent(b.token.toLowerCase())}.recruitee.com/`,
  read(body, board) {
    const offers = arrayField(body, 'offers', 'recruitee');
    // An offer the answer states is not published is not on the public board.
    const postings = offers.map((o, i) => posting(o, i, board)).filter((p): p is RawPosting => p !== null);
    const name = postings.find((p) => p.companyName)?.companyName;
    return { postings, ...(name ? { companyName: name } : {}) };
  },
};

function place(o: Record<string, unknown>): ParsedLocation | undefined {
  const city = str(o.city);
  const region = str(o.state) ?? str(o.state_name);
  const country = str(o.country);
  const text = [city, region, country].filter(Boolean).join(', ');
  return locationFromAddress({
    locality: city ?? null,
    region: region ?? null,
    country: str(o.country_code) ?? country ?? null,
    ...(text ? { text } : {}),
  });
}

/** `remote`/`hybrid`/`on_site`: one set is the structured mode; several set say nothing. */
function workplaceOf(o: Record<string, unknown>): 'remote' | 'hybrid' | 'onsite' | undefined {
  const set = (['remote', 'hybrid', 'on_site'] as const).filter((k) => o[k] === true);
  if (set.length !== 1) return undefined;
  return set[0] === 'on_site' ? 'onsite' : set[0];
}

/**
 * Recruitee's codes pair hours with a kind ("parttime_permanent", "fulltime_fixed_term"): permanent
 * adds nothing to the hours, and read as full-time it would make a part-time code state two types.
 */
function employmentCode(v: unknown): string | undefined {
  return str(v)?.replace(/[_-]permanent$/i, '');
}

/** Recruitee states amounts as numbers or decimal strings ("18.50"). */
function amount(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

function posting(o: unknown, i: number, board: BoardRef): RawPosting | null {
  const id = isRecord(o)
    ? typeof o.id === 'number' && Number.isFinite(o.id)
      ? String(o.id)
      : (str(o.id) ?? str(o.slug))
    : undefined;
  if (!isRecord(o) || !id) throw new MalformedBoard(`recruitee ${board.token}: offers[${i}] has no id`);
  if (typeof o.status === 'string' && o.status !== 'published') return null;
  const listed = Array.isArray(o.locations) ? o.locations.filter(isRecord) : [];
  const places = (listed.length > 0 ? listed : [o]).map(place).filter((l): l is ParsedLocation => !!l);
  const p: RawPosting = {
    postingId: id,
    title: typeof o.title === 'string' ? o.title : '',
    locationTexts: [],
    structuredLocations: places,
    employmentValues: [employmentCode(o.employment_type_code)].filter((x): x is string => !!x),
    payTexts: [],
    descriptionHtml: [str(o.description), str(o.requirements)].filter((x): x is string => !!x).join('\n'),
  };
  const company = str(o.company_name);
  if (company) p.companyName = company;
  const wp = workplaceOf(o);
  if (wp) p.workplace = wp;
  else if (typeof o.remote === 'boolean' && o.hybrid === undefined && o.on_site === undefined) p.remoteFlag = o.remote;
  if (isRecord(o.salary)) {
    const s = o.salary;
    const salary = salaryFromStructured({
      min: amount(s.min),
      max: amount(s.max),
      currency: str(s.currency) ?? null,
      interval: str(s.period) ?? null,
    });
    if (salary) p.salary = salary;
  }
  const url = str(o.careers_url);
  const apply = str(o.careers_apply_url);
  if (url) p.postingUrl = url;
  if (apply ?? url) p.applyUrl = (apply ?? url)!;
  const published = timeOf(o.published_at) ?? timeOf(o.created_at);
  if (published) p.postedAt = published;
  const updated = timeOf(o.updated_at);
  if (updated) p.updatedAt = updated;
  return p;
}
