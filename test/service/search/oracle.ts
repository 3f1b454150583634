import { cityKeys } from '../../../electron/service/text/city-names.js';
import { regionHolds, regionOfPlace } from '../../../electron/service/text/regions.js';
import type { Database } from 'better-sqlite3';
import { htmlToText } from '#service/index-db/write/html-text';
import { unpackDescription } from '#service/index-db/description-blob';
import { placeWords } from '../../../electron/service/index-db/write/place-words.js';
import type { JobFiltersInput } from '#shared/rules/job-query';
import { hasQuery, textTier, type OracleText } from './oracle-query.js';

// An independent model of JobsService.List: every job of the fixture as a plain object, and the
// spec's filter / text / sort rules written as straightforward JS over them. The engine's own
// helpers (filter-parts, text-query, orders, rid, fold) are deliberately not used here; only the
// HTML → text step and the place words of the writer are shared: they define which text is indexed.

export interface OracleLocation {
  city: string | null;
  region?: string | null;
  country: string | null;
  text: string | null;
}

export interface OracleJob {
  rid: number;
  id: string;
  title: string;
  companyName: string;
  companySlug: string | null;
  remote: boolean;
  workMode: string;
  employmentType: string;
  seniority: string;
  salaryMin: number | null;
  salaryMax: number | null;
  status: 'active' | 'expired';
  discoveredAt: number;
  lastVerifiedAt: number;
  locations: OracleLocation[];
  titleWords: string[];
  companyWords: string[];
  descriptionWords: string[];
  placeWords: string[];
  /** The four searched texts as written, for phrases and literals (oracle-query.ts). */
  texts: OracleText;
  /** Discovery time at one-second precision. */
  second: number;
  /** The first 22 bits of the uuid: the id tie-break of `newest`. */
  idBits: number;
}

/** The request as a client sends it (the `query` object of JobsService.List). */
export interface SearchRequest {
  query?: string;
  filters?: JobFiltersInput;
}

/** Lowercase, accents removed (NFKD, marks dropped). */
export function foldText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Runs of letters and digits of the folded text. */
export function wordsOf(s: string): string[] {
  return foldText(s).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** First 22 bits of a uuid (its first 6 hex digits are 24 bits). */
export function idBits(id: string): number {
  return Math.floor(parseInt(id.replace(/-/g, '').slice(0, 6), 16) / 4);
}

export function loadJobs(db: Database): OracleJob[] {
  const rows = db
    .prepare(
      `SELECT j.rid, j.id, j.title, j.company_name, j.company_slug, j.remote, j.work_mode, j.employment_type,
         j.seniority, j.salary_min, j.salary_max, j.status, j.discovered_at, j.last_verified_at, d.html
       FROM jobs j JOIN job_descriptions d ON d.rid = j.rid`,
    )
    .all() as Array<{
    rid: number;
    id: string;
    title: string;
    company_name: string;
    company_slug: string | null;
    remote: number;
    work_mode: string;
    employment_type: string;
    seniority: string;
    salary_min: number | null;
    salary_max: number | null;
    status: 'active' | 'expired';
    discovered_at: number;
    last_verified_at: number;
    html: string | Buffer;
  }>;
  const locs = new Map<number, OracleLocation[]>();
  for (const l of db
    .prepare('SELECT job_rid, city, region, country, text FROM job_locations ORDER BY job_rid, ord')
    .all() as Array<{
    job_rid: number;
    city: string | null;
    region: string | null;
    country: string | null;
    text: string | null;
  }>) {
    const list = locs.get(l.job_rid) ?? [];
    list.push({ city: l.city, region: l.region, country: l.country, text: l.text });
    locs.set(l.job_rid, list);
  }
  return rows.map((r) => ({
    rid: r.rid,
    id: r.id,
    title: r.title,
    companyName: r.company_name,
    companySlug: r.company_slug,
    remote: r.remote === 1,
    workMode: r.work_mode,
    employmentType: r.employment_type,
    seniority: r.seniority,
    salaryMin: r.salary_min,
    salaryMax: r.salary_max,
    status: r.status,
    discoveredAt: r.discovered_at,
    lastVerifiedAt: r.last_verified_at,
    locations: locs.get(r.rid) ?? [],
    titleWords: wordsOf(r.title),
    companyWords: wordsOf(r.company_name),
    descriptionWords: wordsOf(htmlToText(unpackDescription(r.html))),
    placeWords: wordsOf(placeWords(locs.get(r.rid) ?? [])),
    texts: {
      title: r.title,
      company: r.company_name,
      description: htmlToText(unpackDescription(r.html)),
      places: placeWords(locs.get(r.rid) ?? []),
    },
    second: Math.floor(r.discovered_at / 1000),
    idBits: idBits(r.id),
  }));
}

/** `YYYY-MM-DD` is midnight UTC; anything else is an RFC 3339 date-time. */
function dateMs(s: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00Z`) : Date.parse(s.toUpperCase());
  if (Number.isNaN(ms)) throw new Error(`oracle: bad date ${s}`);
  return ms;
}

const startsAny = (ws: string[], q: string) => ws.some((w) => w.startsWith(q));

/** Whether `phrase` occurs as consecutive words of `ws`. */
function hasPhrase(ws: string[], phrase: string[]): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i + phrase.length <= ws.length; i++) {
    if (phrase.every((p, k) => ws[i + k] === p)) return true;
  }
  return false;
}

/** Relevance tier of a job for the query words (0 title, 1 title+company, 2 anywhere), or -1. */
export function tierOf(j: OracleJob, qs: string[]): number {
  if (qs.every((q) => startsAny(j.titleWords, q))) return 0;
  if (qs.every((q) => startsAny(j.titleWords, q) || startsAny(j.companyWords, q))) return 1;
  const anywhere = [...j.titleWords, ...j.companyWords, ...j.descriptionWords, ...j.placeWords];
  if (qs.every((q) => startsAny(anywhere, q))) return 2;
  return -1;
}

/**
 * A place answers a country filter when it is in the country, or open to a region holding it
 * ("Remote (Europe)" for DE); the region's reading and member list are data (text/regions.ts).
 */
function placeIn(l: OracleLocation, country: string): boolean {
  if (l.country === country) return true;
  const region = regionOfPlace({ country: l.country ?? undefined, text: l.text ?? undefined });
  return region !== undefined && regionHolds(region, country);
}

export function matchesFilters(j: OracleJob, f: NonNullable<SearchRequest['filters']>): boolean {
  if (j.status !== 'active') return false;
  if (f.country !== undefined && !j.locations.some((l) => placeIn(l, f.country!.toUpperCase()))) return false;
  // Any name of the city (the alias table is data: city-names.ts).
  if (
    f.city !== undefined &&
    !j.locations.some((l) => l.city !== null && cityKeys(f.city!.trim()).includes(foldText(l.city)))
  ) {
    return false;
  }
  if (f.remote !== undefined && j.remote !== f.remote) return false;
  // "not_stated" keeps the jobs whose source stated nothing (stored '').
  const is = (stored: string, want: string) => stored === (want === 'not_stated' ? '' : want);
  if (f.workMode !== undefined && !is(j.workMode, f.workMode)) return false;
  if (f.employmentType !== undefined && !is(j.employmentType, f.employmentType)) return false;
  if (f.seniority !== undefined && !is(j.seniority, f.seniority)) return false;
  if (f.company !== undefined && !hasPhrase(j.companyWords, wordsOf(f.company))) return false;
  if (f.companyId !== undefined && j.companySlug !== f.companyId.toLowerCase()) return false;
  if (f.salaryMin !== undefined && !(j.salaryMax !== null && j.salaryMax >= f.salaryMin)) return false;
  if (f.salaryMax !== undefined && !(j.salaryMin !== null && j.salaryMin <= f.salaryMax)) return false;
  if (f.discoveredAfter !== undefined && j.discoveredAt < dateMs(f.discoveredAfter)) return false;
  if (f.verifiedAfter !== undefined && j.lastVerifiedAt < dateMs(f.verifiedAfter)) return false;
  return true;
}

/** newest: discovery second descending, then the id's first 22 bits descending. */
export const byNewest = (a: OracleJob, b: OracleJob) => b.second - a.second || b.idBits - a.idBits;

export interface OracleHit {
  job: OracleJob;
  tier?: number;
}

/** The words a query text searches for: one-letter words are ignored (docs/decisions/text-matching.md). */
export function queryWords(text: string): string[] {
  return [...new Set(wordsOf(text).filter((w) => [...w].length > 1))];
}

/** The full, ordered answer of the spec to a request. */
export function oracle(jobs: OracleJob[], req: SearchRequest): OracleHit[] {
  const f = req.filters ?? {};
  const query = req.query ?? '';
  const hits: OracleHit[] = [];
  for (const job of jobs) {
    if (!matchesFilters(job, f)) continue;
    if (!hasQuery(query)) {
      hits.push({ job });
      continue;
    }
    const tier = textTier(job, job.texts, query);
    if (tier === undefined) hits.push({ job });
    else if (tier >= 0) hits.push({ job, tier });
  }
  const sort = f.sort ?? 'relevance';
  let cmp: (a: OracleHit, b: OracleHit) => number;
  switch (sort) {
    case 'relevance':
      cmp = (a, b) => (a.tier ?? 0) - (b.tier ?? 0) || byNewest(a.job, b.job);
      break;
    case 'newest':
      cmp = (a, b) => byNewest(a.job, b.job);
      break;
    case 'recently_verified':
      cmp = (a, b) => b.job.lastVerifiedAt - a.job.lastVerifiedAt || byNewest(a.job, b.job);
      break;
    case 'salary_desc':
      cmp = (a, b) => (b.job.salaryMax ?? -Infinity) - (a.job.salaryMax ?? -Infinity) || byNewest(a.job, b.job);
      break;
    case 'company': {
      cmp = (a, b) => {
        const x = foldText(a.job.companyName);
        const y = foldText(b.job.companyName);
        return x < y ? -1 : x > y ? 1 : byNewest(a.job, b.job);
      };
      break;
    }
    default:
      throw new Error(`oracle: unknown sort ${sort}`);
  }
  // Infinity - Infinity is NaN for two jobs without salary: fall through to newest.
  return hits.sort((a, b) => cmp(a, b) || byNewest(a.job, b.job));
}
