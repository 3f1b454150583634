import { timestampMs, type Timestamp } from '@bufbuild/protobuf/wkt';
import type { Company, GetResponse as CompanyDetail } from '#shared/gen/svc/companies/v1/companies_pb';
import type { JobCard, Salary } from '#shared/gen/svc/jobs/v1/job_pb';
import type { GetResponse as JobDetail } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { isWholeAmount } from '#shared/rules/amount';
import { isUuid } from '#shared/rules/ids';
import { safeHttpUrl } from '#shared/rules/safe-url';
import { boundDescription } from '#shared/sanitize/description-limits';
import {
  EMPLOYMENT_TYPES,
  JOB_STATUSES,
  SENIORITIES,
  WORK_MODES,
  isOneOf,
  type WorkMode,
} from '#shared/rules/vocabulary';
import type { CompanyRecord, JobRecord, LocationRecord, SalaryRecord } from '../index-db/records.js';

// What the upstream sends → the writer's records. A record that breaks the spec's shapes is
// malformed: sync skips and counts it (the reason says which field), it never stops the run.

export class Malformed extends Error {}

/** Told of a URL field dropped as unsafe (not http/https): the record stays, the link is unknown. */
export type OnUnsafeUrl = (field: string) => void;

function url(raw: string | undefined, field: string, onUnsafe: OnUnsafeUrl | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const safe = safeHttpUrl(raw);
  if (safe === undefined) onUnsafe?.(field);
  return safe;
}

function time(t: Timestamp | undefined, field: string): number {
  if (!t) throw new Malformed(`${field}: missing`);
  const ms = timestampMs(t);
  if (!Number.isFinite(ms) || ms <= 0) throw new Malformed(`${field}: not a time`);
  return ms;
}

function text(v: string, field: string): string {
  if (v.trim() === '') throw new Malformed(`${field}: empty`);
  return v;
}

function salary(s: Salary | undefined, field: string): SalaryRecord | undefined {
  if (!s) return undefined;
  // 64-bit amounts arrive as doubles: whole and exact, or the record is malformed.
  if (!isWholeAmount(s.min) || !isWholeAmount(s.max) || s.min > s.max) {
    throw new Malformed(`${field}: min ${s.min} and max ${s.max} are not a range`);
  }
  return {
    min: s.min,
    max: s.max,
    currency: text(s.currency, `${field}.currency`),
    period: text(s.period, `${field}.period`),
  };
}

function common(r: JobCard | JobDetail, what: string): void {
  if (!isUuid(r.id)) throw new Malformed(`${what}.id: not a uuid (${JSON.stringify(r.id)})`);
  text(r.title, `${what}.title`);
  // Absent (or '') is unknown and passes through as unknown (docs/decisions/null-and-absent.md).
  if (r.employmentType && !isOneOf(EMPLOYMENT_TYPES, r.employmentType))
    throw new Malformed(`${what}.employmentType: unknown ${JSON.stringify(r.employmentType)}`);
  if (r.seniority && !isOneOf(SENIORITIES, r.seniority))
    throw new Malformed(`${what}.seniority: unknown ${JSON.stringify(r.seniority)}`);
  time(r.discoveredAt, `${what}.discoveredAt`);
  time(r.lastVerifiedAt, `${what}.lastVerifiedAt`);
  salary(r.salary, `${what}.salary`);
}

/** Throws Malformed when a search card cannot be a job. */
export function checkCard(c: JobCard): void {
  common(c, 'card');
  text(c.companyName, 'card.companyName');
}

function location(l: JobDetail['locations'][number], i: number): LocationRecord {
  if (l.country !== undefined && !/^[A-Z]{2}$/.test(l.country))
    throw new Malformed(`detail.locations[${i}].country: not an ISO code`);
  const out: LocationRecord = { remote: l.remote };
  if (l.city) out.city = l.city;
  if (l.region) out.region = l.region;
  if (l.country) out.country = l.country;
  if (l.text) out.text = l.text;
  return out;
}

/**
 * A job record from the upstream's detail. `workMode`: from the filtered pull that returned the
 * card; else the detail's own (our extension); else 'remote' when the job is remote; else unknown
 * (not remote may still be hybrid). Unknown remote, employment type and seniority stay unknown.
 */
export function jobRecordOf(d: JobDetail, companyId: string, pulledMode: string, onUnsafe?: OnUnsafeUrl): JobRecord {
  common(d, 'detail');
  if (!isOneOf(JOB_STATUSES, d.status)) throw new Malformed(`detail.status: unknown ${JSON.stringify(d.status)}`);
  // No location is allowed: a crawled posting may state none, and unknown stays unknown
  // (docs/decisions/crawl-truth.md § Places); the spec's "one or more" is not invented into being.
  const workMode: WorkMode | undefined = isOneOf(WORK_MODES, pulledMode)
    ? pulledMode
    : d.workMode && isOneOf(WORK_MODES, d.workMode)
      ? d.workMode
      : d.remote
        ? 'remote'
        : undefined;
  const lastVerifiedAt = time(d.lastVerifiedAt, 'detail.lastVerifiedAt');
  const rec: JobRecord = {
    id: d.id.toLowerCase(),
    slug: d.slug,
    title: d.title,
    companyId,
    locations: d.locations.map(location),
    remote: d.remote,
    workMode,
    employmentType: (d.employmentType || undefined) as JobRecord['employmentType'],
    seniority: (d.seniority || undefined) as JobRecord['seniority'],
    // Stored bounded (size, nesting): Get sanitizes it again on the way out.
    descriptionHtml: boundDescription(d.description),
    sourceType: d.source?.type || 'ats',
    sourcePlatform: text(d.source?.platform ?? '', 'detail.source.platform'),
    status: d.status,
    discoveredAt: time(d.discoveredAt, 'detail.discoveredAt'),
    lastSeenAt: d.lastSeenAt ? time(d.lastSeenAt, 'detail.lastSeenAt') : lastVerifiedAt,
    lastScrapedAt: d.lastScrapedAt ? time(d.lastScrapedAt, 'detail.lastScrapedAt') : lastVerifiedAt,
    lastVerifiedAt,
  };
  if (d.occupation) rec.occupation = d.occupation;
  const s = salary(d.salary, 'detail.salary');
  if (s) rec.salary = s;
  const applyUrl = url(d.applyUrl, 'detail.applyUrl', onUnsafe);
  if (applyUrl) rec.applyUrl = applyUrl;
  const postingUrl = url(d.postingUrl, 'detail.postingUrl', onUnsafe);
  if (postingUrl) rec.postingUrl = postingUrl;
  if (d.postedAt) rec.postedAt = time(d.postedAt, 'detail.postedAt');
  if (d.sourceUpdatedAt) rec.sourceUpdatedAt = time(d.sourceUpdatedAt, 'detail.sourceUpdatedAt');
  if (d.status === 'expired') rec.expiredAt = expiredAtOf(d);
  return rec;
}

/** When the upstream found the job closed: its `expiredAt` (our extension), else the verification that said so. */
export function expiredAtOf(d: JobDetail): number {
  return d.expiredAt ? timestampMs(d.expiredAt) : time(d.lastVerifiedAt, 'detail.lastVerifiedAt');
}

/**
 * A company record from the upstream's list item (+ detail for `createdAt`). The spec's company
 * has no slug or domain: those come from job details; until then the id stands in for the slug.
 */
export function companyRecordOf(
  c: Company | CompanyDetail,
  known: { slug?: string; domain?: string; createdAt?: number },
  onUnsafe?: OnUnsafeUrl,
): CompanyRecord {
  if (c.id.trim() === '') throw new Malformed('company.id: empty');
  text(c.name, 'company.name');
  const updatedAt = time(c.updatedAt, 'company.updatedAt');
  const createdAt =
    'createdAt' in c && c.createdAt ? time(c.createdAt, 'company.createdAt') : (known.createdAt ?? updatedAt);
  const rec: CompanyRecord = {
    id: c.id,
    slug: known.slug ?? c.id.toLowerCase(),
    name: c.name,
    website: url(c.website, 'company.website', onUnsafe) ?? '',
    logoUrl: url(c.logoUrl, 'company.logoUrl', onUnsafe) ?? '',
    industry: c.industry,
    employeeCountRange: c.employeeCountRange,
    createdAt,
    updatedAt,
  };
  if (known.domain) rec.domain = known.domain;
  if (c.foundedYear !== undefined) rec.foundedYear = c.foundedYear;
  return rec;
}
