import { countryName } from '#shared/format/country-name';
import { FACET_FIELDS, type FacetRow } from '../read/index-info.js';
import { facetChoice } from '../read/not-stated.js';
import { PLACE_COUNTRY, REGION_MEMBERS_JOIN } from './place-countries.js';

export type FacetField = (typeof FACET_FIELDS)[number];

/**
 * What one result of a list is, for counting (docs/decisions/folded-counts.md): a posting, or
 * folded a role (its fold group; a posting without a mark is a role of its own).
 */
export const resultKey = (fold: boolean | undefined): string => (fold ? "coalesce(j.fold_key, '#' || j.rid)" : 'j.rid');

// One GROUP BY per facet over the matching jobs; a job counts once per value even with several
// locations in one country. Labels as the precomputed facets have them (refresh-stats.ts).
const GROUPS: Record<FacetField, { join: string; value: string; label: string }> = {
  // A place open to a region counts under each member country (place-countries.ts).
  country: {
    join: `JOIN job_locations l ON l.job_rid = j.rid AND (l.country IS NOT NULL OR l.scope IS NOT NULL) ${REGION_MEMBERS_JOIN}`,
    value: PLACE_COUNTRY,
    label: PLACE_COUNTRY,
  },
  city: {
    join: 'JOIN job_locations l ON l.job_rid = j.rid AND l.city IS NOT NULL',
    value: 'l.city_key',
    label: 'min(l.city)',
  },
  remote: {
    join: '',
    value: "CASE j.remote WHEN 1 THEN 'true' ELSE 'false' END",
    label: "CASE j.remote WHEN 1 THEN 'true' ELSE 'false' END",
  },
  workMode: { join: '', value: 'j.work_mode', label: 'j.work_mode' },
  employmentType: { join: '', value: 'j.employment_type', label: 'j.employment_type' },
  seniority: { join: '', value: 'j.seniority', label: 'j.seniority' },
  companyId: { join: '', value: 'j.company_slug', label: 'min(j.company_name)' },
};

/**
 * The counts of one facet's values over `from` (`jobs j WHERE …`, as JobSearch.matching gives
 * it), each value counting the results (postings, or roles when folded) the list would show
 * with that value chosen.
 */
export function facetCountSql(field: FacetField, from: string, fold: boolean | undefined): string {
  const g = GROUPS[field];
  return `SELECT ${g.value} AS value, ${g.label} AS label, count(DISTINCT ${resultKey(fold)}) AS count FROM ${from.replace(' WHERE ', ` ${g.join} WHERE `)}
        AND ${g.value} IS NOT NULL GROUP BY 1 ORDER BY count DESC, value`;
}

/** Rows of facetCountSql as the filter panel gets them. */
export function facetValues(field: FacetField, rows: FacetRow[], limit: number): FacetRow[] {
  return rows
    .slice(0, limit)
    .map((r) => facetChoice(field, { ...r, value: field === 'city' ? r.label : r.value, label: label(field, r) }));
}

function label(field: FacetField, r: FacetRow): string {
  return field === 'country' ? countryName(r.value) : r.label;
}

/** The field under which refresh-stats.ts keeps the whole index's role counts in facet_counts. */
export const roleField = (field: FacetField): string => `roles:${field}`;
