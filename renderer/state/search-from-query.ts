import type { JobQuery } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { searchFromParams, toParams, type SearchState } from './search-state.js';

/** A stored JobQuery (a saved search) back as the Jobs screen's state, through the URL's rules. */
export function searchFromQuery(q: JobQuery | undefined): SearchState {
  const { $typeName: _t, $unknown: _u, ...filters } = q?.filters ?? { $typeName: '', $unknown: undefined };
  return searchFromParams(toParams({ q: q?.query ?? '', ...filters }));
}
