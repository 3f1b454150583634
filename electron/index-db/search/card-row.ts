/** The columns of `jobs` a job card is made of (plus rid and sort keys for cursors). */
export interface CardRow {
  rid: number;
  id: string;
  slug: string;
  title: string;
  company_name: string;
  company_slug: string | null;
  location_text: string;
  remote: number;
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
}

export const CARD_COLUMNS = `j.rid, j.id, j.slug, j.title, j.company_name, j.company_slug, j.location_text, j.remote,
  j.employment_type, j.seniority, j.occupation, j.salary_min, j.salary_max, j.salary_currency, j.salary_period,
  j.salary_sort, j.snippet, j.source_platform, j.discovered_at, j.last_verified_at, j.company_sort`;
