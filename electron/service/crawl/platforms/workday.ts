import type { BoardRef } from '#shared/rules/board-ref';
import { nameSpelledInPostings } from '../normalize/company-name.js';
import { structuredWorkMode } from '../normalize/work-mode.js';
import { parseWorkdayToken, type WorkdayBoard } from '#shared/rules/workday-ref';
import { isRecord, MalformedBoard, str, type PlatformAdapter, type RawPosting } from './platform.js';
import { isLocationCount, workdayPlace } from './workday-location.js';
import { facetsOf, readWorkdayList, WORKDAY_PAGE, type AskPage } from './workday-read.js';

// Workday's careers-site API, as the careers page itself calls it (no key):
// - the list: POST /wday/cxs/{tenant}/{site}/jobs with {limit, offset, appliedFacets, searchText}
//   → {total, jobPostings:[{title, externalPath, locationsText, postedOn, bulletFields, remoteType?}]}.
//   At most 20 a page; `total` is stated on the first page only (later pages answer 0), so the
//   pages go on while they come back full, and the first page's total judges the read complete.
//   Nothing is listed past offset 2,000 and `total` then reads 2,000: such a board is read in
//   parts split by its facets (workday-read.ts).
// - one posting: GET /wday/cxs/{tenant}/{site}{externalPath} → {jobPostingInfo:{jobDescription,
//   location, additionalLocations[], timeType, startDate, jobReqId, remoteType?, country,
//   jobRequisitionLocation{country{alpha2Code}}}, hiringOrganization}.
// The list has no description and no date: each new or changed posting's detail is read.
const PAGE = WORKDAY_PAGE;

function boardOf(b: BoardRef): WorkdayBoard {
  const wd = parseWorkdayToken(b.token);
  if (!wd) throw new MalformedBoard(`workday: "${b.token}" is not a Workday board (TENANT.wdN/SITE)`);
  return wd;
}

const apiPath = (b: BoardRef) => {
  const wd = boardOf(b);
  return `/wday/cxs/${encodeURIComponent(wd.tenant)}/${encodeURIComponent(wd.site)}`;
};

/** The requisition id that ends the posting's path (`/job/US-CA-Santa-Clara/Engineer_JR2018518` → JR2018518; `_R1066-5` → R1066-5). */
export function requisitionOf(externalPath: string): string | undefined {
  const last = externalPath.split('/').filter(Boolean).pop() ?? '';
  const m = /_([A-Za-z0-9][A-Za-z0-9-]*)$/.exec(last);
  return m?.[1];
}

/** Workday's only absolute date: `startDate` (YYYY-MM-DD), the day the posting went up. */
function dayOf(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isNaN(t) ? undefined : t;
}

export const workday: PlatformAdapter = {
  platform: 'workday',
  apiBase: (b) => {
    const wd = boardOf(b);
    return `https://${wd.tenant}.${wd.shard}.myworkdayjobs.com`;
  },
  listPath: (b) => `${apiPath(b)}/jobs`,
  listBody: (_b, offset) => ({ appliedFacets: {}, limit: PAGE, offset, searchText: '' }),
  careersUrl: (b) => {
    const wd = boardOf(b);
    return `https://${wd.tenant}.${wd.shard}.myworkdayjobs.com/${encodeURIComponent(wd.site)}`;
  },
  read(body, board) {
    if (!isRecord(body) || !Array.isArray(body.jobPostings))
      throw new MalformedBoard('workday: answer has no "jobPostings" list');
    const postings = body.jobPostings.map((j, i) => posting(j, i, board));
    // 0 on a later page means "not stated"; read() of the first page is the one whose total counts.
    const total = typeof body.total === 'number' && body.total > 0 ? body.total : undefined;
    // The list states no company: the tenant as the titles spell it ("NVIDIA"), else title-cased.
    const tenant = boardOf(board).tenant;
    const name =
      nameSpelledInPostings(
        tenant,
        postings.map((p) => p.title),
      ) ?? tenant.replace(/-+/g, ' ').replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
    return { postings, ...(total !== undefined ? { statedTotal: total } : {}), companyName: name };
  },
  // Past the list's offset cap a board is read in parts, split by its facets (workday-read.ts).
  async readAll(post, board) {
    let companyName: string | undefined;
    const ask: AskPage = async (appliedFacets, offset) => {
      const body = await post(`${apiPath(board)}/jobs`, { appliedFacets, limit: PAGE, offset, searchText: '' });
      const read = workday.read(body, board);
      companyName ??= read.companyName;
      const total = isRecord(body) && typeof body.total === 'number' ? body.total : 0;
      return { postings: read.postings, total, facets: facetsOf(body) };
    };
    const read = await readWorkdayList(ask);
    return companyName ? { ...read, companyName } : read;
  },
  detailPath: (b, p) => `${apiPath(b)}${p.detailRef ?? ''}`,
  readDetail(body, p) {
    const info = isRecord(body) && isRecord(body.jobPostingInfo) ? body.jobPostingInfo : undefined;
    if (!info) throw new MalformedBoard(`workday: detail of ${p.postingId} has no "jobPostingInfo"`);
    const next: RawPosting = { ...p, descriptionHtml: str(info.jobDescription) ?? '' };
    const alpha2 =
      isRecord(info.jobRequisitionLocation) && isRecord(info.jobRequisitionLocation.country)
        ? str(info.jobRequisitionLocation.country.alpha2Code)
        : undefined;
    const primary = str(info.location);
    const others = Array.isArray(info.additionalLocations)
      ? info.additionalLocations.filter((x): x is string => typeof x === 'string')
      : [];
    // Every place the detail names (the list says "3 Locations"); the requisition's country pins the first.
    const places = [...(primary ? workdayPlace(primary, alpha2) : []), ...others.flatMap((t) => workdayPlace(t))];
    if (places.length > 0) {
      next.structuredLocations = places;
      next.locationTexts = [];
    }
    const time = str(info.timeType);
    if (time) next.employmentValues = [time];
    const mode = structuredWorkMode(str(info.remoteType));
    if (mode) next.workplace = mode;
    const posted = dayOf(info.startDate);
    if (posted) next.postedAt = posted;
    const url = str(info.externalUrl);
    if (url) next.postingUrl = next.applyUrl = url;
    const org = isRecord(body) && isRecord(body.hiringOrganization) ? str(body.hiringOrganization.name) : undefined;
    if (org) next.companyName = org;
    return next;
  },
};

function posting(j: unknown, i: number, board: BoardRef): RawPosting {
  const path = isRecord(j) ? str(j.externalPath) : undefined;
  if (!isRecord(j) || !path || !path.startsWith('/'))
    throw new MalformedBoard(`workday ${board.token}: jobPostings[${i}] has no externalPath`);
  const bullet = Array.isArray(j.bulletFields) ? str(j.bulletFields[0]) : undefined;
  const text = str(j.locationsText);
  // Only what stays put between reads: "Posted 3 Days Ago" changes daily and is left out.
  const p: RawPosting = {
    postingId: requisitionOf(path) ?? bullet ?? path,
    title: typeof j.title === 'string' ? j.title : '',
    locationTexts: [],
    structuredLocations: text && !isLocationCount(text) ? workdayPlace(text) : [],
    employmentValues: [],
    payTexts: [],
    descriptionHtml: '',
    detailRef: path,
    postingUrl: `${workday.careersUrl(board)}${path}`,
  };
  p.applyUrl = p.postingUrl;
  const mode = structuredWorkMode(str(j.remoteType));
  if (mode) p.workplace = mode;
  return p;
}
