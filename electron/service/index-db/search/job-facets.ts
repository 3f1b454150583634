import type { Database, Statement } from 'better-sqlite3';
import type { JobFilters, JobQuery } from '#shared/rules/job-query';
import { getMeta } from '../meta.js';
import { FACET_FIELDS, type FacetRow, type IndexMeta } from '../read/index-info.js';
import { withRegionMembers } from './place-countries.js';
import { facetCountSql, facetValues, resultKey, roleField, type FacetField } from './facet-groups.js';
import type { JobSearch, MatchingJobs } from './job-search.js';

/** Exact counts up to this many matches; above it the planner's estimate ("about N"). */
export const EXACT_COUNT_CAP = 20_000;

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
  ) {
    withRegionMembers(db);
  }

  /**
   * Folded (`q.fold`), every count counts roles, as the folded list shows them: the match count
   * and each facet value's count (docs/decisions/folded-counts.md).
   */
  forQuery(q: Pick<JobQuery, 'text' | 'filters' | 'fold'>, limit: number): QueryFacets {
    const whole = new Map(this.meta.facets(limit).map((f) => [f.field, f]));
    const facets = FACET_FIELDS.map((field) => {
      const others: JobFilters = { ...q.filters };
      delete others[field];
      const m = this.search.matching({ ...q, filters: others });
      if (!m) return { field, values: [], distinct: 0 };
      if (!m.filtered && !q.fold) return whole.get(field)!;
      const rows = (!m.filtered && this.wholeRoles(field)) || this.count(field, m, q.fold);
      return { field, values: facetValues(field, rows, limit), distinct: rows.length };
    });
    const all = this.search.matching(q);
    if (!all) return { facets, matchCount: 0, matchCountExact: true };
    const roles = q.fold && !all.filtered ? getMeta(this.db, 'active_roles') : undefined;
    if (roles !== undefined) return { facets, matchCount: Number(roles), matchCountExact: true };
    const c = this.statement(
      `SELECT count(*) AS n, ${q.fold ? 'count(DISTINCT k)' : 'count(*)'} AS results FROM (SELECT ${resultKey(q.fold)} AS k FROM ${all.from} LIMIT @cap)`,
    ).get({ ...all.params, cap: EXACT_COUNT_CAP + 1 }) as { n: number; results: number };
    if (c.n <= EXACT_COUNT_CAP) return { facets, matchCount: c.results, matchCountExact: true };
    // Beyond the cap: the planner's estimate, folded scaled by the share of roles among the first postings counted.
    const share = c.results / c.n;
    return {
      facets,
      matchCount: Math.max(Math.round(EXACT_COUNT_CAP * share), roughly(all.estimate * share)),
      matchCountExact: false,
    };
  }

  private count(field: FacetField, m: MatchingJobs, fold: boolean | undefined): FacetRow[] {
    return this.statement(facetCountSql(field, m.from, fold)).all(m.params) as FacetRow[];
  }

  /** The whole index's role counts of a facet, kept by refresh-stats.ts; undefined in a file refreshed before them. */
  private wholeRoles(field: FacetField): FacetRow[] | undefined {
    const rows = this.statement(
      'SELECT value, label, count FROM facet_counts WHERE field = ? ORDER BY count DESC, value',
    ).all(roleField(field)) as FacetRow[];
    return rows.length || getMeta(this.db, 'active_roles') === '0' ? rows : undefined;
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

/** Two significant digits: an estimate should not look exact. */
function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const p = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / p) * p;
}
