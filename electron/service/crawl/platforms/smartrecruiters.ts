import type { BoardRef } from '#shared/rules/board-ref';
import { locationFromAddress } from '../../text/location.js';
import { salaryFromStructured } from '../normalize/salary-structured.js';
import { isRecord, MalformedBoard, str, timeOf, type PlatformAdapter, type RawPosting } from './platform.js';

// GET api.smartrecruiters.com/v1/companies/{id}/postings?limit=100&offset=N → {offset, limit,
// totalFound, content:[…]}: paged, and without descriptions; each posting's detail
// (/v1/companies/{id}/postings/{postingId}) holds jobAd.sections and, where the employer states
// it, compensation {min, max, currency, period}.
const PAGE = 100;
const path = (b: BoardRef) => `/v1/companies/${encodeURIComponent(b.token)}/postings`;

export const smartrecruiters: PlatformAdapter = {
  platform: 'smartrecruiters',
  apiBase: () => 'https://api.smartrecruiters.com',
  listPath: (b) => `${path(b)}?limit=${PAGE}&offset=0`,
  careersUrl: (b) => `https://careers.smartrecruiters.com/${encodeURIComponent(b.token)}`,
  read(body, board) {
    if (!isRecord(body) || !Array.isArray(body.content))
      throw new MalformedBoard('smartrecruiters: answer has no "content" list');
    const total = typeof body.totalFound === 'number' ? body.totalFound : undefined;
    const postings = body.content.map((j, i) => posting(j, i, board));
    return {
      postings,
      ...(total !== undefined ? { statedTotal: total } : {}),
      ...(postings[0]?.companyName ? { companyName: postings[0].companyName } : {}),
    };
  },
  nextPath(body, board, readSoFar) {
    if (!isRecord(body) || !Array.isArray(body.content) || body.content.length === 0) return undefined;
    const total = typeof body.totalFound === 'number' ? body.totalFound : 0;
    return readSoFar < total ? `${path(board)}?limit=${PAGE}&offset=${readSoFar}` : undefined;
  },
  detailPath: (b, p) => `${path(b)}/${encodeURIComponent(p.postingId)}`,
  readDetail(body, p) {
    if (!isRecord(body)) throw new MalformedBoard(`smartrecruiters: detail of ${p.postingId} is not an object`);
    const ad = isRecord(body.jobAd) && isRecord(body.jobAd.sections) ? body.jobAd.sections : {};
    const html = ['companyDescription', 'jobDescription', 'qualifications', 'additionalInformation']
      .map((k) => (isRecord(ad[k]) ? ad[k] : undefined))
      .filter((s): s is Record<string, unknown> => !!s && !!str(s.text))
      .map((s) => `${str(s.title) ? `<h3>${escapeText(String(s.title))}</h3>` : ''}${String(s.text)}`)
      .join('\n');
    const next: RawPosting = { ...p, descriptionHtml: html };
    // The detail's structured pay ({min, max, currency, period: "HOURLY"}) beats the prose.
    const pay = isRecord(body.compensation)
      ? salaryFromStructured({
          min: typeof body.compensation.min === 'number' ? body.compensation.min : null,
          max: typeof body.compensation.max === 'number' ? body.compensation.max : null,
          currency: str(body.compensation.currency) ?? null,
          interval: str(body.compensation.period) ?? null,
        })
      : null;
    if (pay) next.salary = pay;
    const url = str(body.postingUrl);
    const apply = str(body.applyUrl);
    if (url) next.postingUrl = url;
    if (apply ?? url) next.applyUrl = (apply ?? url)!;
    return next;
  },
};

function posting(j: unknown, i: number, board: BoardRef): RawPosting {
  if (!isRecord(j) || typeof j.id !== 'string')
    throw new MalformedBoard(`smartrecruiters ${board.token}: content[${i}] has no id`);
  const loc = isRecord(j.location) ? j.location : {};
  const place = locationFromAddress({
    locality: str(loc.city) ?? null,
    region: str(loc.region) ?? null,
    country: str(loc.country) ?? null,
    ...(str(loc.fullLocation) ? { text: String(loc.fullLocation) } : {}),
    remote: loc.remote === true,
  });
  const p: RawPosting = {
    postingId: j.id,
    title: typeof j.name === 'string' ? j.name : '',
    locationTexts: [],
    structuredLocations: place ? [place] : [],
    employmentValues: [isRecord(j.typeOfEmployment) ? str(j.typeOfEmployment.label) : undefined].filter(
      (x): x is string => !!x,
    ),
    payTexts: [],
    descriptionHtml: '',
    postingUrl: `https://jobs.smartrecruiters.com/${encodeURIComponent(board.token)}/${encodeURIComponent(j.id)}`,
  };
  const company = isRecord(j.company) ? str(j.company.name) : undefined;
  if (company) p.companyName = company;
  if (loc.remote === true) p.workplace = 'remote';
  else if (loc.hybrid === true) p.workplace = 'hybrid';
  const released = timeOf(j.releasedDate);
  if (released) p.postedAt = released;
  return p;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
