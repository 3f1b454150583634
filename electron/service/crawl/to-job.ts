import { decodeHTML } from 'entities';
import type { EmploymentType, Seniority, WorkMode } from '#shared/rules/vocabulary';
import { slugify } from '#shared/text/fold';
import type { JobRecord, LocationRecord, SalaryRecord } from '../index-db/records.js';
import { htmlToText } from '../index-db/write/html-text.js';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawledJobId } from './job-id.js';
import { locationLineOf } from './normalize/description-location.js';
import { employmentTypeOfPosting } from './normalize/employment-type.js';
import { parseLocations, type ParsedLocation } from '../text/location.js';
import { salaryFromText } from './normalize/salary-text.js';
import { seniorityOf } from './normalize/seniority.js';
import { decideWorkMode } from './normalize/work-mode.js';
import type { RawPosting } from './platforms/platform.js';

/** A crawled job with unknown kept unknown (undefined), before it is stored. */
export interface CrawledJob {
  id: string;
  postingId: string;
  slug: string;
  title: string;
  locations: LocationRecord[];
  remote?: boolean;
  workMode?: WorkMode;
  employmentType?: EmploymentType;
  seniority?: Seniority;
  salary?: SalaryRecord;
  descriptionHtml: string;
  platform: string;
  postingUrl?: string;
  applyUrl?: string;
  postedAt?: number;
  updatedAt?: number;
}

export type Mapped = { job: CrawledJob } | { skipped: string };

/** Only absolute http(s) URLs are kept: anything else would open in the app or run script. */
export function httpUrl(v: string | undefined): string | undefined {
  if (!v) return undefined;
  try {
    const u = new URL(v.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

function locationRecord(l: ParsedLocation): LocationRecord {
  const r: LocationRecord = { text: l.text, remote: l.remote };
  if (l.city) r.city = l.city;
  if (l.region) r.region = l.region;
  if (l.country) r.country = l.country;
  return r;
}

/**
 * A platform's posting → a crawled job by the shared truth rules (normalize/, crawl-truth.md).
 * `sanitize` is the project's description sanitizer. Postings with no title or no description
 * are skipped with the reason, never written half-empty.
 */
export function toCrawledJob(
  board: BoardRef,
  p: RawPosting,
  companyName: string,
  sanitize: (html: string) => string,
): Mapped {
  const title = decodeHTML(p.title).replace(/\s+/g, ' ').trim();
  if (!title) return { skipped: 'no_title' };
  const descriptionHtml = sanitize(p.descriptionHtml).trim();
  if (!/[\p{L}\p{N}]/u.test(descriptionHtml.replace(/<[^>]*>/g, ''))) return { skipped: 'no_description' };
  const descriptionText = htmlToText(descriptionHtml);
  const parsed: ParsedLocation[] = [
    ...(p.structuredLocations ?? []),
    ...p.locationTexts.flatMap((t) => parseLocations(decodeHTML(t))),
  ];
  // Fields that name no country ("NAMER", "Remote"): the description's own "Location:" line may.
  if (!parsed.some((l) => l.country)) {
    const line = locationLineOf(descriptionHtml);
    if (line) parsed.push(...parseLocations(line).filter((l) => l.country));
  }
  const decision = decideWorkMode({
    ...(p.workplace ? { structured: p.workplace } : {}),
    ...(p.remoteFlag !== undefined ? { remoteFlag: p.remoteFlag } : {}),
    locations: parsed,
    title,
    description: descriptionText,
  });
  const employmentType = employmentTypeOfPosting([...p.employmentValues, title], descriptionText);
  const seniority = seniorityOf(title);
  // Structured pay first, then the platform's pay notes, then the description's own words.
  const payTexts = [...p.payTexts, descriptionText];
  const salary = p.salary ?? payTexts.map((t) => salaryFromText(t)).find((s) => s !== null) ?? undefined;
  const id = crawledJobId(board, p.postingId);
  const job: CrawledJob = {
    id,
    postingId: p.postingId,
    slug: `${slugify(`${title} ${companyName}`)}-${id.slice(0, 6)}`,
    title,
    locations: parsed.map(locationRecord),
    descriptionHtml,
    platform: board.platform,
  };
  if (decision.remote !== undefined) job.remote = decision.remote;
  if (decision.workMode) job.workMode = decision.workMode;
  if (employmentType) job.employmentType = employmentType;
  if (seniority) job.seniority = seniority;
  // The spec's amounts are whole numbers: "$25.50/hr" is stored as 26 (rounded to the nearest unit).
  if (salary)
    job.salary = {
      min: Math.round(salary.min),
      max: Math.round(salary.max),
      currency: salary.currency,
      period: salary.period,
    };
  const postingUrl = httpUrl(p.postingUrl);
  const applyUrl = httpUrl(p.applyUrl) ?? postingUrl;
  if (postingUrl) job.postingUrl = postingUrl;
  if (applyUrl) job.applyUrl = applyUrl;
  if (p.postedAt) job.postedAt = p.postedAt;
  if (p.updatedAt) job.updatedAt = p.updatedAt;
  return { job };
}

/** A crawled job as the writer takes it: unknown passes through as unknown (undefined), never guessed. */
export function storedJob(j: CrawledJob, times: { discoveredAt: number; at: number }, companyId: string): JobRecord {
  return {
    id: j.id,
    slug: j.slug,
    title: j.title,
    companyId,
    locations: j.locations,
    remote: j.remote,
    workMode: j.workMode,
    employmentType: j.employmentType,
    seniority: j.seniority,
    ...(j.salary ? { salary: j.salary } : {}),
    descriptionHtml: j.descriptionHtml,
    sourceType: 'ats',
    sourcePlatform: j.platform,
    ...(j.applyUrl ? { applyUrl: j.applyUrl } : {}),
    ...(j.postingUrl ? { postingUrl: j.postingUrl } : {}),
    ...(j.postedAt ? { postedAt: j.postedAt } : {}),
    ...(j.updatedAt ? { sourceUpdatedAt: j.updatedAt } : {}),
    status: 'active',
    discoveredAt: times.discoveredAt,
    lastSeenAt: times.at,
    lastScrapedAt: times.at,
    lastVerifiedAt: times.at,
  };
}
