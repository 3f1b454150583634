import type { MessageInitShape, create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import type {
  CompanySchema,
  GetResponseSchema as CompanyDetailSchema,
} from '#shared/gen/svc/companies/v1/companies_pb';
import type { PaginationSchema } from '#shared/gen/svc/common/v1/pagination_pb';
import type { JobCardSchema, LocationSchema, SalarySchema } from '#shared/gen/svc/jobs/v1/job_pb';
import type {
  FoldedRoleSchema,
  GetResponseSchema as JobDetailSchema,
  JobExportFieldsSchema,
} from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { CompanyRow } from './read/companies.js';
import type { JobDetailRecord, JobExportRecord, LocationRow } from './read/job-detail.js';
import type { CardRow } from './search/card-row.js';
import type { RoleFold } from './search/fold-heads.js';

// Rows of the index → the spec's JSON shapes (as protobuf init objects).

type Init<S extends Parameters<typeof create>[0]> = Exclude<MessageInitShape<S>, { $typeName: string }>;

function salary(r: {
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: string | null;
}): Init<typeof SalarySchema> | undefined {
  if (r.salary_min === null || r.salary_max === null) return undefined;
  return { min: r.salary_min, max: r.salary_max, currency: r.salary_currency ?? '', period: r.salary_period ?? '' };
}

/**
 * The four facts a source may leave unstated (docs/decisions/null-and-absent.md § Unknown): only
 * what is known is set, so unknown is absent on the wire (NULL remote, '' for the others in the index).
 */
function stated(r: { remote: number | null; employment_type: string; seniority: string }): {
  remote?: boolean;
  employmentType?: string;
  seniority?: string;
} {
  return {
    ...(r.remote !== null ? { remote: r.remote === 1 } : {}),
    ...(r.employment_type ? { employmentType: r.employment_type } : {}),
    ...(r.seniority ? { seniority: r.seniority } : {}),
  };
}

/** A page's `pagination`: `nextCursor` only when there is a next page. */
export function pagination(page: { hasMore: boolean; nextCursor?: string | undefined }): Init<typeof PaginationSchema> {
  return { hasMore: page.hasMore, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

export function jobCard(r: CardRow): Init<typeof JobCardSchema> {
  const card: Init<typeof JobCardSchema> = {
    id: r.id,
    slug: r.slug,
    title: r.title,
    companyName: r.company_name,
    locationText: r.location_text,
    ...stated(r),
    snippet: r.snippet,
    sourcePlatform: r.source_platform,
    discoveredAt: timestampFromMs(r.discovered_at),
    lastVerifiedAt: timestampFromMs(r.last_verified_at),
  };
  if (r.company_slug) card.companySlug = r.company_slug;
  if (r.posted_at !== null) card.postedAt = timestampFromMs(r.posted_at);
  const s = salary(r);
  if (s) card.salary = s;
  return card;
}

/** ListResponse.roles of a folded page (folding.md): one per card, in order. */
export function foldedRoles(rows: ReadonlyArray<{ role?: RoleFold }>): Array<Init<typeof FoldedRoleSchema>> {
  return rows.map((r) => ({
    postings: r.role?.postings ?? 1,
    otherLocations: (r.role?.otherLocations ?? []).map(location),
  }));
}

function location(l: LocationRow): Init<typeof LocationSchema> {
  const out: Init<typeof LocationSchema> = { remote: l.remote === 1 };
  if (l.city) out.city = l.city;
  if (l.region) out.region = l.region;
  if (l.country) out.country = l.country;
  if (l.text) out.text = l.text;
  return out;
}

export function jobDetail(rec: JobDetailRecord, sanitize: (html: string) => string): Init<typeof JobDetailSchema> {
  const j = rec.job;
  const company: NonNullable<Init<typeof JobDetailSchema>['company']> = { name: j.company_name };
  if (j.company_slug) company.slug = j.company_slug;
  if (j.company_domain) company.domain = j.company_domain;
  if (j.company_logo_url) company.logoUrl = j.company_logo_url;
  const d: Init<typeof JobDetailSchema> = {
    id: j.id,
    slug: j.slug,
    title: j.title,
    company,
    locations: rec.locations.map(location),
    ...stated(j),
    description: sanitize(j.html),
    source: { type: j.source_type, platform: j.source_platform },
    status: j.status,
    discoveredAt: timestampFromMs(j.discovered_at),
    lastSeenAt: timestampFromMs(j.last_seen_at),
    lastScrapedAt: timestampFromMs(j.last_scraped_at),
    lastVerifiedAt: timestampFromMs(j.last_verified_at),
  };
  if (j.work_mode) d.workMode = j.work_mode;
  if (j.occupation) d.occupation = j.occupation;
  const s = salary(j);
  if (s) d.salary = s;
  if (j.apply_url) d.applyUrl = j.apply_url;
  if (j.expired_at !== null) d.expiredAt = timestampFromMs(j.expired_at);
  if (j.posting_url) d.postingUrl = j.posting_url;
  if (j.posted_at !== null) d.postedAt = timestampFromMs(j.posted_at);
  if (j.source_updated_at !== null) d.sourceUpdatedAt = timestampFromMs(j.source_updated_at);
  const f = rec.fold;
  // Only what the group adds: a posting alone in its group answers as before.
  if (f && (f.reposts > 0 || f.postings > 1)) {
    d.fold = { reposts: f.reposts, postings: f.postings, locations: f.places.map(location) };
    if (f.firstPostedAt !== undefined) d.fold.firstPostedAt = timestampFromMs(f.firstPostedAt);
  }
  return d;
}

export function jobExportFields(r: JobExportRecord): Init<typeof JobExportFieldsSchema> {
  return { id: r.id, locations: r.locations.map(location), ...(r.apply_url ? { applyUrl: r.apply_url } : {}) };
}

export function company(r: CompanyRow): Init<typeof CompanySchema> & Init<typeof CompanyDetailSchema> {
  const c: Init<typeof CompanySchema> & Init<typeof CompanyDetailSchema> = {
    id: r.id,
    name: r.name,
    website: r.website,
    logoUrl: r.logo_url,
    industry: r.industry,
    employeeCountRange: r.employee_count_range,
    activeJobCount: r.active_job_count,
    updatedAt: timestampFromMs(r.updated_at),
  };
  if (r.founded_year !== null) c.foundedYear = r.founded_year;
  return c;
}

export function companyDetail(r: CompanyRow): Init<typeof CompanyDetailSchema> {
  return { ...company(r), createdAt: timestampFromMs(r.created_at) };
}
