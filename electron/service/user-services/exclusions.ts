import type { SearchExclusions } from '../index-db/search/job-search.js';
import type { BlockedCompanies } from '../user-db/blocked-companies.js';
import type { HiddenJobs } from '../user-db/hidden-jobs.js';
import type { UserDb } from '../user-db/open-user-db.js';

/**
 * The hidden jobs and blocked companies as the search wants them, read once and kept until they
 * change: `changed()` after this process writes them, `PRAGMA data_version` when another
 * connection (another window, the CLI) commits to the user file.
 */
export class UserExclusions {
  private cached: SearchExclusions | undefined;
  private cachedAt = -1;
  private counter = 0;
  private readonly dataVersion: () => number;

  constructor(
    db: UserDb,
    private readonly hidden: HiddenJobs,
    private readonly blocked: BlockedCompanies,
  ) {
    const stmt = db.prepare('PRAGMA data_version').pluck();
    this.dataVersion = () => stmt.get() as number;
  }

  current(): SearchExclusions {
    const v = this.dataVersion();
    if (!this.cached || v !== this.cachedAt) {
      this.cached = { jobIds: this.hidden.ids(), companySlugs: this.blocked.slugs() };
      this.cachedAt = v;
    }
    return this.cached;
  }

  changed(): void {
    this.cached = undefined;
    this.counter++;
  }

  /** Moves whenever the exclusions may have changed: part of any cache key of search answers. */
  version(): string {
    return `${this.dataVersion()}.${this.counter}`;
  }
}
