import type { Company } from '#shared/gen/svc/companies/v1/companies_pb';
import type { JobCard } from '#shared/gen/svc/jobs/v1/job_pb';
import { createPagedList } from './paged-list.js';

/** The three long lists of the app, each kept while another screen is shown. */
export const jobResults = createPagedList<JobCard>();
export const companyResults = createPagedList<Company>();
export const companyJobResults = createPagedList<JobCard>();
