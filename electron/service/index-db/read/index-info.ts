import type { Database, Statement } from 'better-sqlite3';
import { getMeta } from '../meta.js';

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
export const FACET_FIELDS = ['country', 'city', 'remote', 'workMode', 'employmentType', 'seniority', 'companyId'] as const;

/** MetaService over the index: what it holds and the values of every filter with counts. */
export class IndexMeta {
  private readonly facet: Statement;
  private readonly distinct: Statement;
  private readonly companies: Statement;
  private readonly counts: Statement;
  private readonly activeCompanies: Statement;

  constructor(private readonly db: Database) {
    this.facet = db.prepare('SELECT value, label, count FROM facet_counts WHERE field = ? ORDER BY count DESC, value LIMIT ?');
    this.distinct = db.prepare('SELECT count(*) FROM facet_counts WHERE field = ?').pluck();
    this.companies = db.prepare(`SELECT slug AS value, name AS label, active_job_count AS count FROM companies
      WHERE active_job_count > 0 ORDER BY active_job_count DESC, slug LIMIT ?`);
    this.counts = db.prepare(`SELECT
        (SELECT coalesce(CAST(value AS INTEGER), 0) FROM meta WHERE key = 'active_jobs') AS active,
        (SELECT count(*) FROM jobs WHERE status = 'expired' AND expired_at >= @readableSince) AS expired,
        (SELECT count(*) FROM companies) AS companies`);
    this.activeCompanies = db.prepare('SELECT count(*) FROM companies WHERE active_job_count > 0').pluck();
  }

  /** `readableSince`: expired jobs older than this are no longer readable (30-day rule). */
  info(readableSince: number): IndexInfo {
    const db = this.db;
    const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
    const c = this.counts.get({ readableSince }) as { active: number; expired: number; companies: number };
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
          values: this.companies.all(limit) as FacetRow[],
          distinct: this.activeCompanies.get() as number,
        };
      }
      return { field, values: this.facet.all(field, limit) as FacetRow[], distinct: this.distinct.get(field) as number };
    });
  }
}
