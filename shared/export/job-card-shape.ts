import { timestampDate } from '@bufbuild/protobuf/wkt';
import { JobCardSchema, LocationSchema } from '../gen/svc/jobs/v1/job_pb.js';
import { locationWords } from '../format/location-words.js';
import { toWireJson } from '../wire/json-nulls.js';
import type { ExportShape } from './export-format.js';
import type { ExportedJob } from './search-pages.js';

const iso = (t: Parameters<typeof timestampDate>[0] | undefined) => (t ? timestampDate(t).toISOString() : '');

/**
 * Search results: one row per job. CSV names every location (`; ` between them) and the apply
 * URL; JSON is the service's wire form of the card plus the job's `locations` and `applyUrl`.
 */
export const JOB_CARD_EXPORT: ExportShape<ExportedJob> = {
  columns: [
    { header: 'id', cell: (j) => j.card.id },
    { header: 'title', cell: (j) => j.card.title },
    { header: 'company', cell: (j) => j.card.companyName },
    { header: 'company_slug', cell: (j) => j.card.companySlug },
    // A job that left the index between the two reads keeps its card's one line.
    {
      header: 'locations',
      cell: (j) => (j.fields ? j.fields.locations.map(locationWords).join('; ') : j.card.locationText),
    },
    { header: 'remote', cell: (j) => j.card.remote },
    { header: 'employment_type', cell: (j) => j.card.employmentType },
    { header: 'seniority', cell: (j) => j.card.seniority },
    { header: 'salary_min', cell: (j) => j.card.salary?.min },
    { header: 'salary_max', cell: (j) => j.card.salary?.max },
    { header: 'salary_currency', cell: (j) => j.card.salary?.currency },
    { header: 'salary_period', cell: (j) => j.card.salary?.period },
    { header: 'apply_url', cell: (j) => j.fields?.applyUrl },
    { header: 'source_platform', cell: (j) => j.card.sourcePlatform },
    // The board's own published time, empty where it states none (docs/decisions/posting-age.md).
    { header: 'posted_at', cell: (j) => iso(j.card.postedAt) },
    { header: 'discovered_at', cell: (j) => iso(j.card.discoveredAt) },
    { header: 'last_verified_at', cell: (j) => iso(j.card.lastVerifiedAt) },
    { header: 'snippet', cell: (j) => j.card.snippet },
  ],
  json: ({ card, fields }) => ({
    ...(toWireJson(JobCardSchema, card) as Record<string, unknown>),
    ...(fields
      ? {
          locations: fields.locations.map((l) => toWireJson(LocationSchema, l)),
          ...(fields.applyUrl !== undefined ? { applyUrl: fields.applyUrl } : {}),
        }
      : {}),
  }),
};
