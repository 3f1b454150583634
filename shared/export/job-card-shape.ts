import { timestampDate } from '@bufbuild/protobuf/wkt';
import { JobCardSchema, type JobCard } from '../gen/svc/jobs/v1/job_pb.js';
import { toWireJson } from '../wire/json-nulls.js';
import type { ExportShape } from './export-format.js';

const iso = (t: Parameters<typeof timestampDate>[0] | undefined) => (t ? timestampDate(t).toISOString() : '');

/** Search results: one row per job card; JSON is the service's wire form of the card. */
export const JOB_CARD_EXPORT: ExportShape<JobCard> = {
  columns: [
    { header: 'id', cell: (j) => j.id },
    { header: 'title', cell: (j) => j.title },
    { header: 'company', cell: (j) => j.companyName },
    { header: 'company_slug', cell: (j) => j.companySlug },
    { header: 'location', cell: (j) => j.locationText },
    { header: 'remote', cell: (j) => j.remote },
    { header: 'employment_type', cell: (j) => j.employmentType },
    { header: 'seniority', cell: (j) => j.seniority },
    { header: 'salary_min', cell: (j) => j.salary?.min },
    { header: 'salary_max', cell: (j) => j.salary?.max },
    { header: 'salary_currency', cell: (j) => j.salary?.currency },
    { header: 'salary_period', cell: (j) => j.salary?.period },
    { header: 'source_platform', cell: (j) => j.sourcePlatform },
    { header: 'discovered_at', cell: (j) => iso(j.discoveredAt) },
    { header: 'last_verified_at', cell: (j) => iso(j.lastVerifiedAt) },
    { header: 'snippet', cell: (j) => j.snippet },
  ],
  json: (j) => toWireJson(JobCardSchema, j),
};
