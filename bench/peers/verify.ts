import { openIndex } from '#service/index-db/open-index';
import { unpackDescription } from '#service/index-db/description-blob';
import { htmlToText } from '#service/index-db/write/html-text';
import { words } from '#shared/text/fold';
import { currentBenchIndex } from './bench-file.js';
import { passesFilters, type PeerRequest } from './requests.js';

/**
 * Checks returned rows against the request as our service defines it (every word of two or more
 * letters starts a word of the title, company or description; every filter holds), reading the
 * rows from our index. A share below 100% means an engine answered a different question.
 */
export class RowChecker {
  private readonly db;
  private readonly row;

  constructor(jobs: number) {
    this.db = openIndex(currentBenchIndex(jobs), { readonly: true });
    this.row = this.db.prepare(
      `SELECT j.title, j.company_name AS company, d.html, j.countries, j.remote,
         j.salary_min AS salaryMin, j.salary_max AS salaryMax
       FROM jobs j JOIN job_descriptions d ON d.rid = j.rid WHERE j.rid = ? AND j.status = 'active'`,
    );
  }

  /** How many of `rids` satisfy `r`. */
  valid(r: PeerRequest, rids: number[]): number {
    const wanted = words(r.text).filter((w) => w.length >= 2);
    let ok = 0;
    for (const rid of rids) {
      const j = this.row.get(rid) as
        | {
            title: string;
            company: string;
            html: string | Buffer;
            countries: string;
            remote: number;
            salaryMin: number | null;
            salaryMax: number | null;
          }
        | undefined;
      if (!j) continue;
      const have = words(`${j.title} ${j.company} ${htmlToText(unpackDescription(j.html))}`);
      const textOk = wanted.every((w) => have.some((h) => h.startsWith(w)));
      const filtersOk = passesFilters(r, {
        ...j,
        countries: j.countries.split(',').filter(Boolean),
        remote: j.remote === 1,
      });
      if (textOk && filtersOk) ok++;
    }
    return ok;
  }

  close(): void {
    this.db.close();
  }
}
