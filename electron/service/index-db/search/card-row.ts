/** The columns of `jobs` a job card is made of (plus rid and sort keys for cursors). */
export interface CardRow {
  rid: number;
  id: string;
  slug: string;
  title: string;
  company_name: string;
  company_slug: string | null;
  location_text: string;
  /** NULL: the source did not say. */
  remote: number | null;
  employment_type: string;
  seniority: string;
  occupation: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: string | null;
  salary_sort: number;
  snippet: string;
  source_platform: string;
  discovered_at: number;
  last_verified_at: number;
  company_sort: string;
  /** Comparable yearly pay in euros (the pay_desc key), -1 when unknown. */
  pay_sort: number;
  /** The board's own published time, NULL where it states none. */
  posted_at: number | null;
  /** The posting's age key: posted_at, never later than discovered_at (posting-age.md). */
  posted_sort: number;
  /** The fold group (folding.md); NULL in a file folded by nothing yet. */
  fold_key: string | null;
}

export const CARD_COLUMNS = `j.rid, j.id, j.slug, j.title, j.company_name, j.company_slug, j.location_text, j.remote,
  j.employment_type, j.seniority, j.occupation, j.salary_min, j.salary_max, j.salary_currency, j.salary_period,
  j.salary_sort, j.snippet, j.source_platform, j.discovered_at, j.last_verified_at, j.company_sort, j.pay_sort, j.posted_at, j.posted_sort, j.fold_key`;

/**
 * A row read as an array (`statement.raw()`), columns in CARD_COLUMNS order, as a CardRow: half
 * the time of better-sqlite3 building the objects (3.2 → 1.6 ms per 100-row page), which was
 * most of a List's search time. test/service/search/card-row.test.ts checks the order against SQLite.
 */
export function cardRowOf(r: unknown[]): CardRow {
  return {
    rid: r[0],
    id: r[1],
    slug: r[2],
    title: r[3],
    company_name: r[4],
    company_slug: r[5],
    location_text: r[6],
    remote: r[7],
    employment_type: r[8],
    seniority: r[9],
    occupation: r[10],
    salary_min: r[11],
    salary_max: r[12],
    salary_currency: r[13],
    salary_period: r[14],
    salary_sort: r[15],
    snippet: r[16],
    source_platform: r[17],
    discovered_at: r[18],
    last_verified_at: r[19],
    company_sort: r[20],
    pay_sort: r[21],
    posted_at: r[22],
    posted_sort: r[23],
    fold_key: r[24],
  } as CardRow;
}
