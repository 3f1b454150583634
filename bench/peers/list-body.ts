import type { JobFiltersInput } from '#shared/rules/job-query';
import { PAGE, type PeerRequest } from './requests.js';

export const LIST_PATH = '/svc.jobs.v1.JobsService/List';

/** The request as the app sends it: Connect JSON for JobsService.List. */
export function listBody(r: PeerRequest): Uint8Array {
  const filters: JobFiltersInput = {
    ...(r.country !== undefined ? { country: r.country } : {}),
    ...(r.remote !== undefined ? { remote: r.remote } : {}),
    ...(r.salaryMin !== undefined ? { salaryMin: r.salaryMin } : {}),
    ...(r.salaryMax !== undefined ? { salaryMax: r.salaryMax } : {}),
  };
  return new TextEncoder().encode(JSON.stringify({ query: { query: r.text, filters, limit: PAGE } }));
}
