import type { Database, Statement } from 'better-sqlite3';
import { countryName } from '#shared/format/country-name';
import type { JobFilters, JobQuery } from '#shared/rules/job-query';
import { FACET_FIELDS, type FacetRow, type IndexMeta } from '../read/index-info.js';
import { facetChoice } from '../read/not-stated.js';
import type { JobSearch, MatchingJobs } from './job-search.js';
import { PLACE_COUNTRY, REGION_MEMBERS_JOIN } from './place-countries.js';

type FacetField = (typeof FACET_FIELDS)[number];

/** Exact counts up to this many matches; above it the planner's estimate ("about N"). */
export const EXACT_COUNT_CAP = 20_000;

// One GROUP BY per facet over the matching jobs; a job counts once per value even with several
// locations in one country. Labels as the precomputed facets have them (refresh-stats.ts).
const GROUPS: Record<FacetField, { join: string; value: string; label: string }> = {
  // A place open to a region counts under each member country (place-countries.ts).
  country: {
    join: `JOIN job_locations l ON l.job_rid = j.rid AND (l.country IS NOT NULL OR l.scope IS NOT NULL) ${REGION_MEMBERS_JOIN}`,
    value: PLACE_COUNTRY,
    label: PLACE_COUNTRY,
  },
  city: {
    join: 'JOIN job_locations l ON l.job_rid = j.rid AND l.city IS NOT NULL',
    value: 'l.city_key',
    label: 'min(l.city)',
  },
  remote: {
    join: '',
    value: "CASE j.remote WHEN 1 THEN 'true' ELSE 'false' END",
    label: "CASE j.remote WHEN 1 THEN 'true' ELSE 'false' END",
  },
  workMode: { join: '', value: 'j.work_mode', label: 'j.work_mode' },
  employmentType: { join: '', value: 'j.employment_type', label: 'j.employment_type' },
  seniority: { join: '', value: 'j.seniority', label: 'j.seniority' },
  companyId: { join: '', value: 'j.company_slug', label: 'min(j.company_name)' },
};

export interface QueryFacets {
  facets: Array<{ field: string; values: FacetRow[]; distinct: number }>;
  matchCount: number;
  matchCountExact: boolean;
}

/**
 * MetaService.ListFacets for a search (docs/decisions/facets-follow-query.md): each facet counted
 * over the jobs the query matches with every filter but its own, and how many jobs match.
 */
export class JobFacets {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Database,
    private readonly search: JobSearch,
    private readonly meta: IndexMeta,
  ) {}

  forQuery(q: Pick<JobQuery, 'text' | 'filters' | 'fold'>, limit: number): QueryFacets {
    const whole = new Map(this.meta.facets(limit).map((f) => [f.field, f]));
    const facets = FACET_FIELDS.map((field) => {
      const others: JobFilters = { ...q.filters };
      delete others[field];
      const m = this.search.matching({ ...q, filters: others });
      if (!m) return { field, values: [], distinct: 0 };
      if (!m.filtered) return whole.get(field)!;
      const g = GROUPS[field];
      const sql = `SELECT ${g.value} AS value, ${g.label} AS label, count(DISTINCT j.rid) AS count FROM ${m.from.replace(' WHERE ', ` ${g.join} WHERE `)}
        AND ${g.value} IS NOT NULL GROUP BY 1 ORDER BY count DESC, value`;
      const rows = this.statement(sql).all(m.params) as FacetRow[];
      const values = rows
        .slice(0, limit)
        .map((r) => facetChoice(field, { ...r, value: field === 'city' ? r.label : r.value, label: label(field, r) }));
      return { field, values, distinct: rows.length };
    });
    const all = this.search.matching(q);
    if (!all) return { facets, matchCount: 0, matchCountExact: true };
    if (q.fold) return { facets, ...this.roles(all) };
    const n = this.statement(`SELECT count(*) FROM (SELECT 1 FROM ${all.from} LIMIT @cap)`)
      .pluck()
      .get({ ...all.params, cap: EXACT_COUNT_CAP + 1 }) as number;
    if (n <= EXACT_COUNT_CAP) return { facets, matchCount: n, matchCountExact: true };
    return { facets, matchCount: Math.max(EXACT_COUNT_CAP, roughly(all.estimate)), matchCountExact: false };
  }

  /**
   * Folded (folding.md): roles, not postings. Exact up to the cap; beyond it the estimate scaled
   * by the share of roles among the first postings counted.
   */
  private roles(all: MatchingJobs): Pick<QueryFacets, 'matchCount' | 'matchCountExact'> {
    const c = this.statement(
      `SELECT count(*) AS n, count(DISTINCT k) AS roles FROM (SELECT coalesce(j.fold_key, '#' || j.rid) AS k FROM ${all.from} LIMIT @cap)`,
    ).get({ ...all.params, cap: EXACT_COUNT_CAP + 1 }) as { n: number; roles: number };
    if (c.n <= EXACT_COUNT_CAP) return { matchCount: c.roles, matchCountExact: true };
    const share = c.roles / c.n;
    return {
      matchCount: Math.max(Math.round(EXACT_COUNT_CAP * share), roughly(all.estimate * share)),
      matchCountExact: false,
    };
  }

  private statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }
}

function label(field: FacetField, r: FacetRow): string {
  return field === 'country' ? countryName(r.value) : r.label;
}

/** Two significant digits: an estimate should not look exact. */
function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const p = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / p) * p;
}
