import type { Database } from 'better-sqlite3';
import { CompanyDirectory } from '../index-db/read/companies.js';
import { IndexMeta } from '../index-db/read/index-info.js';
import { JobDetails } from '../index-db/read/job-detail.js';
import { SimilarJobs } from '../index-db/read/similar.js';
import { JobFacets } from '../index-db/search/job-facets.js';
import { JobSearch, type JobSearchOptions } from '../index-db/search/job-search.js';
import { Speller } from '../index-db/search/spelling.js';

/** Everything the read services need from one open index. */
export interface IndexContext {
  db: Database;
  search: JobSearch;
  details: JobDetails;
  companies: CompanyDirectory;
  similar: SimilarJobs;
  meta: IndexMeta;
  /** Facets and match counts of one search (ListFacets with a query). */
  facets: JobFacets;
  speller: Speller;
  /** The clock (tests move it). */
  now: () => number;
}

/** `search`: the plan forced and the user's exclusions (job-search.ts). */
export function createIndexContext(
  db: Database,
  now: () => number = Date.now,
  searchOptions: JobSearchOptions = {},
): IndexContext {
  const search = new JobSearch(db, searchOptions);
  const meta = new IndexMeta(db);
  return {
    db,
    search,
    details: new JobDetails(db),
    companies: new CompanyDirectory(db),
    similar: new SimilarJobs(db),
    meta,
    facets: new JobFacets(db, search, meta),
    speller: new Speller(db),
    now,
  };
}
