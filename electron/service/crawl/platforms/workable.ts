import type { BoardRef } from '#shared/rules/board-ref';
import { locationFromAddress, type ParsedLocation } from '../../text/location.js';
import { structuredWorkMode } from '../normalize/work-mode.js';
import {
  arrayField,
  isRecord,
  MalformedBoard,
  str,
  timeOf,
  type PlatformAdapter,
  type RawPosting,
} from './platform.js';

// GET apply.workable.com/api/v1/widget/accounts/{subdomain}?details=true → {name, description,
// jobs:[…]}: Workable's public job widget. `details=true` adds each job's description. A job's
// places are `locations[]` (hidden ones are not shown on the board), else its city/state/country;
// `telecommuting` is a remote flag (the conflict rule of crawl-truth.md decides), `workplace_type`
// where given is the structured field.
export const workable: PlatformAdapter = {
  platform: 'workable',
  list: 'jobs',
  apiBase: () => 'https://apply.workable.com',
  listPath: (b) => `/api/v1/widget/accounts/${encodeURIComponent(b.token)}?details=true`,
  careersUrl: (b) => `https://apply.workable.com/${encodeURIComponent(b.token)}/`,
  read(body, board) {
    const jobs = arrayField(body, 'jobs', 'workable');
    const name = isRecord(body) ? str(body.name) : undefined;
    const postings = jobs.map((j, i) => posting(j, i, board, name));
    return { postings, ...(name ? { companyName: name } : {}) };
  },
};

function place(o: Record<string, unknown>): ParsedLocation | undefined {
  return locationFromAddress({
    locality: str(o.city) ?? null,
    region: str(o.region) ?? str(o.state) ?? null,
    country: str(o.countryCode) ?? str(o.country_code) ?? str(o.country) ?? null,
  });
}

function posting(j: unknown, i: number, board: BoardRef, company: string | undefined): RawPosting {
  if (!isRecord(j) || typeof j.shortcode !== 'string' || j.shortcode.trim() === '') {
    throw new MalformedBoard(`workable ${board.token}: jobs[${i}] has no shortcode`);
  }
  const listed = Array.isArray(j.locations)
    ? j.locations.filter((l): l is Record<string, unknown> => isRecord(l) && l.hidden !== true)
    : [];
  const places = (listed.length > 0 ? listed : [j]).map(place).filter((l): l is ParsedLocation => !!l);
  const html = ['description', 'requirements', 'benefits']
    .map((k) => str(j[k]))
    .filter((x): x is string => !!x)
    .join('\n');
  const p: RawPosting = {
    postingId: j.shortcode,
    title: typeof j.title === 'string' ? j.title : '',
    locationTexts: [],
    structuredLocations: places,
    employmentValues: [str(j.employment_type)].filter((x): x is string => !!x),
    payTexts: [],
    descriptionHtml: html,
  };
  if (company) p.companyName = company;
  const wp = structuredWorkMode(str(j.workplace_type));
  if (wp) p.workplace = wp;
  if (typeof j.telecommuting === 'boolean') p.remoteFlag = j.telecommuting;
  const url = str(j.url) ?? str(j.shortlink);
  const apply = str(j.application_url);
  if (url) p.postingUrl = url;
  if (apply ?? url) p.applyUrl = (apply ?? url)!;
  const published = timeOf(j.published_on) ?? timeOf(j.created_at);
  if (published) p.postedAt = published;
  return p;
}
