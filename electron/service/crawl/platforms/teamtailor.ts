import type { BoardRef } from '#shared/rules/board-ref';
import { locationFromAddress, type ParsedLocation } from '../../text/location.js';
import { salaryFromStructured } from '../normalize/salary-structured.js';
import { isRecord, MalformedBoard, str, timeOf, type PlatformAdapter, type RawPosting } from './platform.js';

// GET {company}.teamtailor.com/jobs.json: Teamtailor's public feed of a careers site, a JSON Feed 1.1
// (jsonfeed.org: {version, title, home_page_url, feed_url, items[], next_url?}) whose items carry
// `_jobposting`, a schema.org JobPosting (title, description, datePosted, hiringOrganization,
// jobLocation[].address PostalAddress, and where the employer states them employmentType,
// jobLocationType "TELECOMMUTE", baseSalary MonetaryAmount). The host names the board, so an
// overridden base names it in the path (`{base}/{company}/jobs.json`), as for Recruitee. A feed
// that pages says so with JSON Feed's `next_url`, which is followed.
const host = (b: BoardRef) => `https://${encodeURIComponent(b.token.toLowerCase())}.teamtailor.com`;

export const teamtailor: PlatformAdapter = {
  platform: 'teamtailor',
  apiBase: host,
  overriddenBase: (base, b) => `${base}/${encodeURIComponent(b.token.toLowerCase())}`,
  listPath: () => '/jobs.json',
  careersUrl: (b) => `${host(b)}/jobs`,
  read(body, board) {
    if (!isRecord(body) || !Array.isArray(body.items))
      throw new MalformedBoard('teamtailor: answer has no "items" list');
    const postings = body.items.map((it, i) => posting(it, i, board));
    const name = postings.find((p) => p.companyName)?.companyName ?? str(body.title);
    return { postings, ...(name ? { companyName: name } : {}) };
  },
  nextPath(body) {
    const next = isRecord(body) ? str(body.next_url) : undefined;
    if (!next) return undefined;
    try {
      const u = new URL(next);
      return u.pathname + u.search;
    } catch {
      return undefined;
    }
  },
};

function place(a: unknown): ParsedLocation | undefined {
  const address = isRecord(a) && isRecord(a.address) ? a.address : undefined;
  if (!address) return undefined;
  return locationFromAddress({
    locality: str(address.addressLocality) ?? null,
    region: str(address.addressRegion) ?? null,
    country: str(address.addressCountry) ?? null,
  });
}

/** schema.org MonetaryAmount: {currency, value: {minValue, maxValue, value, unitText: "YEAR"|"HOUR"…}}. */
function salaryOf(v: unknown): RawPosting['salary'] {
  if (!isRecord(v) || !isRecord(v.value)) return undefined;
  const q = v.value;
  const num = (x: unknown) =>
    typeof x === 'number' && Number.isFinite(x)
      ? x
      : typeof x === 'string' && /^\d+(?:\.\d+)?$/.test(x)
        ? Number(x)
        : null;
  const s = salaryFromStructured({
    min: num(q.minValue) ?? num(q.value),
    max: num(q.maxValue) ?? num(q.value),
    currency: str(v.currency) ?? null,
    interval: str(q.unitText) ?? null,
  });
  return s ?? undefined;
}

function posting(it: unknown, i: number, board: BoardRef): RawPosting {
  const id = isRecord(it) ? str(it.id) : undefined;
  if (!isRecord(it) || !id) throw new MalformedBoard(`teamtailor ${board.token}: items[${i}] has no id`);
  const jp = isRecord(it._jobposting) ? it._jobposting : {};
  const places = (Array.isArray(jp.jobLocation) ? jp.jobLocation : isRecord(jp.jobLocation) ? [jp.jobLocation] : [])
    .map(place)
    .filter((l): l is ParsedLocation => !!l);
  const types = Array.isArray(jp.employmentType) ? jp.employmentType : [jp.employmentType];
  const p: RawPosting = {
    postingId: id,
    title: typeof it.title === 'string' ? it.title : typeof jp.title === 'string' ? jp.title : '',
    locationTexts: [],
    structuredLocations: places,
    employmentValues: types.filter((t): t is string => typeof t === 'string' && t.trim() !== ''),
    payTexts: [],
    descriptionHtml: str(it.content_html) ?? str(jp.description) ?? '',
  };
  const org = isRecord(jp.hiringOrganization) ? str(jp.hiringOrganization.name) : undefined;
  if (org) p.companyName = org;
  // schema.org's one remote statement: jobLocationType TELECOMMUTE (a flag: places may stand beside it).
  if (jp.jobLocationType === 'TELECOMMUTE') p.remoteFlag = true;
  const salary = salaryOf(jp.baseSalary);
  if (salary) p.salary = salary;
  const url = str(it.url);
  if (url) p.postingUrl = p.applyUrl = url;
  const posted = timeOf(it.date_published) ?? timeOf(jp.datePosted);
  if (posted) p.postedAt = posted;
  const modified = timeOf(it.date_modified);
  if (modified) p.updatedAt = modified;
  return p;
}
