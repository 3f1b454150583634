import { REGIONS } from '../../text/regions.js';

// Which countries a stored place answers, in SQL: its own country, or every member of the region
// it is open to (job_locations.scope, region-postings.md). Facet counts use it so that a country's
// count is what its filter answers (facets-follow-query.md), region postings included.

/** `{"EUROPE":["AT",…],…}`: letters, digits, `_` and JSON punctuation only, so safe as a literal. */
const MEMBERS_JSON = JSON.stringify(
  Object.fromEntries(Object.entries(REGIONS).map(([code, r]) => [code, r.members.split(' ')])),
);

/** Joins the members of a place's region to `job_locations l` (no rows for a place without one). */
export const REGION_MEMBERS_JOIN = `LEFT JOIN json_each('${MEMBERS_JSON}', '$.' || coalesce(l.scope, 'none')) rm`;

/** The country a joined row answers. */
export const PLACE_COUNTRY = 'coalesce(l.country, rm.value)';
