import type { Database } from 'better-sqlite3';
import { CompanyDirectory } from '../index-db/read/companies.js';
import { IndexMeta } from '../index-db/read/index-info.js';
import { JobDetails } from '../index-db/read/job-detail.js';
import { SimilarJobs } from '../index-db/read/similar.js';
import { JobSearch } from '../index-db/search/job-search.js';
import { Speller } from '../index-db/search/spelling.js';

/** Everything the read services need from one open index. */
export interface IndexContext {
  db: Database;
  search: JobSearch;
  details: JobDetails;
  companies: CompanyDirectory;
  similar: SimilarJobs;
  meta: IndexMeta;
  speller: Speller;
  /** The clock (tests move it). */
  now: () => number;
}

export function createIndexContext(db: Database, now: () => number = Date.now): IndexContext {
  return {
    db,
    search: new JobSearch(db),
    details: new JobDetails(db),
    companies: new CompanyDirectory(db),
    similar: new SimilarJobs(db),
    meta: new IndexMeta(db),
    speller: new Speller(db),
    now,
  };
}
