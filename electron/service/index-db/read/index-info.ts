import type { Database, Statement } from 'better-sqlite3';
import { getMeta } from '../meta.js';
import { facetChoice } from './not-stated.js';

export interface IndexInfo {
  jobCount: number;
  expiredJobCount: number;
  companyCount: number;
  schemaVersion: number;
  indexVersion: string;
  builtAt?: number;
  lastSyncAt?: number;
  upstream?: string;
  /** The generator's invented jobs (docs/decisions/sources.md). */
  sampleData: boolean;
}

export interface FacetRow {
  value: string;
  label: string;
  count: number;
}

/** The facets the filter panel shows, named as the filters of JobsService.List. */
export const FACET_FIELDS = [
  'country',
  'city',
  'remote',
  'workMode',
  'employmentType',
  'seniority',
  'companyId',
] as const;

/** MetaService over the index: what it holds and the values of every filter with counts. */
export class IndexMeta {
  private readonly facet: Statement<[string, number], FacetRow>;
  private readonly distinct: Statement<[string], number>;
  private readonly companies: Statement<[number], FacetRow>;
  private readonly counts: Statement<{ readableSince: number }, { active: number; expired: number; companies: number }>;
  private readonly activeCompanies: Statement<[], number>;

  constructor(private readonly db: Database) {
    this.facet = db.prepare<[string, number], FacetRow>(
      'SELECT value, label, count FROM facet_counts WHERE field = ? ORDER BY count DESC, value LIMIT ?',
    );
    this.distinct = db.prepare<[string], number>('SELECT count(*) FROM facet_counts WHERE field = ?').pluck();
    this.companies = db.prepare<
      [number],
      FacetRow
    >(`SELECT slug AS value, name AS label, active_job_count AS count FROM companies
      WHERE active_job_count > 0 ORDER BY active_job_count DESC, slug LIMIT ?`);
    this.counts = db.prepare<{ readableSince: number }, { active: number; expired: number; companies: number }>(`SELECT
        (SELECT coalesce(CAST(value AS INTEGER), 0) FROM meta WHERE key = 'active_jobs') AS active,
        (SELECT count(*) FROM jobs WHERE status = 'expired' AND expired_at >= @readableSince) AS expired,
        (SELECT count(*) FROM companies) AS companies`);
    this.activeCompanies = db.prepare<[], number>('SELECT count(*) FROM companies WHERE active_job_count > 0').pluck();
  }

  /** `readableSince`: expired jobs older than this are no longer readable (30-day rule). */
  info(readableSince: number): IndexInfo {
    const db = this.db;
    const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
    // Subqueries only: always one row, and so are the count(*)s below.
    const c = this.counts.get({ readableSince })!;
    const info: IndexInfo = {
      jobCount: c.active,
      expiredJobCount: c.expired,
      companyCount: c.companies,
      schemaVersion: db.pragma('user_version', { simple: true }) as number,
      indexVersion: getMeta(db, 'index_version') ?? '',
      sampleData: getMeta(db, 'sample_data') === '1',
    };
    const builtAt = num(getMeta(db, 'built_at'));
    const lastSyncAt = num(getMeta(db, 'last_sync_at'));
    const upstream = getMeta(db, 'upstream');
    if (builtAt !== undefined) info.builtAt = builtAt;
    if (lastSyncAt !== undefined) info.lastSyncAt = lastSyncAt;
    if (upstream !== undefined) info.upstream = upstream;
    return info;
  }

  facets(limit: number): Array<{ field: string; values: FacetRow[]; distinct: number }> {
    return FACET_FIELDS.map((field) => {
      if (field === 'companyId') {
        return {
          field,
          values: this.companies.all(limit),
          distinct: this.activeCompanies.get()!,
        };
      }
      const values = this.facet.all(field, limit).map((r) => facetChoice(field, r));
      return { field, values, distinct: this.distinct.get(field)! };
    });
  }
}
