import { NOT_STATED } from '#shared/rules/vocabulary';

/** The facets whose unknown value is stored as '' and offered as "Not stated". */
const STATEABLE = new Set(['workMode', 'employmentType', 'seniority']);

/**
 * A facet row as the filter panel gets it: the jobs whose source did not state the field are the
 * choice `not_stated`, "Not stated", which the filter of that value finds (docs/decisions/not-stated.md).
 */
export function facetChoice<R extends { value: string; label?: string }>(field: string, r: R): R {
  return STATEABLE.has(field) && r.value === '' ? { ...r, value: NOT_STATED, label: 'Not stated' } : r;
}
