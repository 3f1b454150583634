import type { JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import type { CompanyJobsState, SearchState } from '../state/search-state.js';
import { resolveDate } from '../state/date-presets.js';
import { usePayCurrency } from '../state/pay-currency.js';
import type { FetchPage } from '../state/paged-list.js';
import { companiesClient, jobsClient } from './clients.js';
import { rememberRoles } from '../state/roles.js';

/** Rows per request: enough to fill a tall window twice, small enough to answer in a few ms. */
export const PAGE_SIZE = 50;

/** A search as the service's JobQuery (without paging): for List, saved searches and export. */
export function jobQuery(s: SearchState) {
  const { q, sort, salaryMin, salaryMax, ...filters } = s;
  // The screen's pay fields are comparable yearly pay in the person's currency (our payMin /
  // payMax), not the spec's raw salary numbers (docs/decisions/comparable-pay.md).
  const pay =
    salaryMin !== undefined || salaryMax !== undefined
      ? { payMin: salaryMin, payMax: salaryMax, payCurrency: usePayCurrency.getState().currency }
      : {};
  const text = q.trim() || undefined;
  // Without text the list orders by the posting's own age (docs/decisions/posting-age.md).
  const order = sort ?? (text ? undefined : 'posted');
  const postedAfter = resolveDate(filters.postedAfter);
  return {
    query: text,
    // One result per role (docs/decisions/folding.md): the list, its count, saved searches and exports.
    fold: true,
    filters: {
      ...filters,
      ...pay,
      discoveredAfter: resolveDate(filters.discoveredAfter),
      ...(postedAfter ? { postedAfter } : {}),
      sort: order,
    },
  };
}

/** JobsService.List for a search, page by page. */
export function searchJobs(s: SearchState): FetchPage<JobCard> {
  const query = jobQuery(s);
  return async (cursor, signal) => {
    const r = await jobsClient.list({ query: { ...query, limit: PAGE_SIZE, cursor } }, { signal });
    rememberRoles(r.data, r.folded?.roles);
    return { items: r.data, nextCursor: r.pagination?.nextCursor, hasMore: r.pagination?.hasMore ?? false };
  };
}

/** CompaniesService.ListJobs: one company's open jobs with the filters it accepts. */
export function companyJobs(id: string, f: CompanyJobsState): FetchPage<JobCard> {
  const { q, ...rest } = f;
  const filters = { ...rest, discoveredAfter: resolveDate(rest.discoveredAfter) };
  return async (cursor, signal) => {
    const r = await companiesClient.listJobs(
      { id, query: q.trim() || undefined, ...filters, limit: PAGE_SIZE, cursor },
      { signal },
    );
    return { items: r.data, nextCursor: r.pagination?.nextCursor, hasMore: r.pagination?.hasMore ?? false };
  };
}
