import type { Database } from 'better-sqlite3';
import { jobFacetTokens } from '../search/facet-tokens.js';
import { unpackDescription } from '../description-blob.js';
import { htmlToText } from './html-text.js';
import { placeWords, type PlaceParts } from './place-words.js';

/** What an active job's search row holds (job_search and job_pay_search alike). */
export interface SearchRow {
  rid: number;
  title: string;
  company: string;
  text: string;
  facets: string;
}

/** The searchable text of a job: its description's words, then its places' (place-words.ts). */
export function searchText(description: string, locations: readonly PlaceParts[]): string {
  const places = placeWords(locations);
  return places ? `${description}\n${places}` : description;
}

interface StoredJob {
  rid: number;
  title: string;
  companyName: string;
  companySlug: string;
  remote: number | null;
  workMode: string;
  employmentType: string;
  seniority: string;
  occupation: string | null;
  /** As stored: a zstd frame or the text (description-blob.ts). */
  html: string | Buffer;
}

/**
 * The search rows of stored active jobs, rebuilt from their jobs rows (for a renamed company,
 * or when the pay order changes). `where` selects from `jobs j`.
 */
export function storedSearchRows(db: Database, where: string, ...params: unknown[]): SearchRow[] {
  const rows = db
    .prepare<unknown[], StoredJob>(
      `SELECT j.rid, j.title, j.company_name AS companyName, j.company_slug AS companySlug, j.remote,
         j.work_mode AS workMode, j.employment_type AS employmentType, j.seniority, j.occupation, d.html
       FROM jobs j JOIN job_descriptions d ON d.rid = j.rid WHERE j.status = 'active' AND (${where})`,
    )
    .all(...params);
  const locs = db.prepare<
    [number],
    { city: string | null; region: string | null; country: string | null; text: string | null; remote: number }
  >('SELECT city, region, country, text, remote FROM job_locations WHERE job_rid = ? ORDER BY ord');
  return rows.map((r) => {
    const locations = locs.all(r.rid).map((l) => ({
      city: l.city ?? undefined,
      region: l.region ?? undefined,
      country: l.country ?? undefined,
      text: l.text ?? undefined,
      remote: l.remote === 1,
    }));
    const facets = jobFacetTokens({
      ...r,
      remote: r.remote === null ? undefined : r.remote === 1,
      occupation: r.occupation ?? undefined,
      locations,
    });
    return {
      rid: r.rid,
      title: r.title,
      company: r.companyName,
      text: searchText(htmlToText(unpackDescription(r.html)), locations),
      facets,
    };
  });
}
