import type { Database, Statement } from 'better-sqlite3';
import { FoldGroups, type FoldEvidence, type LocationRow } from './fold-group.js';
import { unpackDescription } from '../description-blob.js';

export interface JobDetailRow {
  rid: number;
  id: string;
  slug: string;
  title: string;
  company_name: string;
  company_slug: string | null;
  company_domain: string | null;
  company_logo_url: string | null;
  /** NULL: the source did not say (work_mode, employment_type, seniority are '' then). */
  remote: number | null;
  work_mode: string;
  employment_type: string;
  seniority: string;
  occupation: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: string | null;
  source_type: string;
  source_platform: string;
  apply_url: string | null;
  posting_url: string | null;
  posted_at: number | null;
  source_updated_at: number | null;
  status: 'active' | 'expired';
  discovered_at: number;
  last_seen_at: number;
  last_scraped_at: number;
  last_verified_at: number;
  expired_at: number | null;
  html: string;
  fold_key: string | null;
  posted_sort: number;
}

/** The row as read: the description as stored (description-blob.ts). */
type StoredDetailRow = Omit<JobDetailRow, 'html'> & { html: string | Buffer };

export type { LocationRow } from './fold-group.js';

export interface JobDetailRecord {
  job: JobDetailRow;
  locations: LocationRow[];
  /** Its fold group's evidence (folding.md); absent in a file not folded. */
  fold?: FoldEvidence;
}

/** What an export adds to a card: every location and the apply URL. */
export interface JobExportRecord {
  id: string;
  apply_url: string | null;
  locations: LocationRow[];
}

/** Reads one job with everything its detail shows, by id (any status). */
export class JobDetails {
  private readonly byId: Statement<[string], StoredDetailRow>;
  private readonly locations: Statement<[number], LocationRow>;
  private readonly applyUrl: Statement<[string], { rid: number; id: string; apply_url: string | null }>;
  private readonly folds: FoldGroups;

  constructor(db: Database) {
    this.byId = db.prepare<
      [string],
      StoredDetailRow
    >(`SELECT j.rid, j.id, j.slug, j.title, j.company_name, j.company_slug,
        c.domain AS company_domain, c.logo_url AS company_logo_url, j.remote, j.work_mode, j.employment_type,
        j.seniority, j.occupation, j.salary_min, j.salary_max, j.salary_currency, j.salary_period, j.source_type,
        j.source_platform, j.apply_url, j.posting_url, j.posted_at, j.source_updated_at, j.status, j.discovered_at, j.last_seen_at, j.last_scraped_at,
        j.last_verified_at, j.expired_at, d.html, j.fold_key, j.posted_sort
      FROM jobs j JOIN companies c ON c.cid = j.company_cid JOIN job_descriptions d ON d.rid = j.rid
      WHERE j.id = ?`);
    this.locations = db.prepare<[number], LocationRow>(
      'SELECT city, region, country, text, remote FROM job_locations WHERE job_rid = ? ORDER BY ord',
    );
    this.folds = new FoldGroups(db);
    this.applyUrl = db.prepare<[string], { rid: number; id: string; apply_url: string | null }>(
      'SELECT rid, id, apply_url FROM jobs WHERE id = ?',
    );
  }

  get(id: string): JobDetailRecord | undefined {
    const stored = this.byId.get(id);
    if (!stored) return undefined;
    const job: JobDetailRow = { ...stored, html: unpackDescription(stored.html) };
    const fold = this.folds.of(job.rid, job.fold_key, job.posted_sort);
    return { job, locations: this.locations.all(job.rid), ...(fold ? { fold } : {}) };
  }

  /** The export fields of these jobs (any status), in the order given; unknown ids are left out. */
  exportFields(ids: readonly string[]): JobExportRecord[] {
    return ids.flatMap((id) => {
      const row = this.applyUrl.get(id);
      return row ? [{ id: row.id, apply_url: row.apply_url, locations: this.locations.all(row.rid) }] : [];
    });
  }
}
