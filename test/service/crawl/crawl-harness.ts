import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BoardRef } from '#shared/rules/board-ref';
import { crawlBoards } from '#service/crawl/crawl-boards';
import type { CrawlSummary } from '#service/crawl/crawl-types';
import type { ReplayServer } from './replay-server.js';
import { withDescriptionSql } from '../../helpers/description-sql.js';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** A fresh index file in a temp folder, removed by `cleanup`. */
export function tempIndex(): { file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'crawl-'));
  return { file: join(dir, 'index.sqlite'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Fast retries: a fault test must not wait the real backoff. */
export const FAST_RETRY = { retries: 1, baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 500, maxRetryAfterMs: 20 };

/** Retries for big replays on a loaded machine: no fault is injected, a slow answer is no failure. */
export const PATIENT_RETRY = { retries: 1, baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 60_000 };

export function crawl(
  server: ReplayServer,
  file: string,
  boards: BoardRef[],
  at = Date.now(),
  retry: object = FAST_RETRY,
): Promise<CrawlSummary> {
  return crawlBoards({ indexFile: file, boards, apiBase: server.apiBase(), now: () => at, retry });
}

export interface JobRow {
  id: string;
  title: string;
  status: string;
  remote: number;
  work_mode: string;
  employment_type: string;
  seniority: string;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: string | null;
  apply_url: string | null;
  posting_url: string | null;
  posted_at: number | null;
  source_updated_at: number | null;
  source_type: string;
  source_platform: string;
  discovered_at: number;
  last_verified_at: number;
  expired_at: number | null;
  company_name: string;
  html: string;
  rid: number;
}

export function readJobs(file: string): JobRow[] {
  const db = withDescriptionSql(new Database(file, { readonly: true }));
  try {
    return db
      .prepare(
        'SELECT j.*, description_html(d.html) AS html FROM jobs j JOIN job_descriptions d ON d.rid = j.rid ORDER BY j.title',
      )
      .all() as JobRow[];
  } finally {
    db.close();
  }
}

export function readLocations(
  file: string,
  jobId: string,
): Array<{ city: string | null; region: string | null; country: string | null; text: string | null }> {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        'SELECT l.city, l.region, l.country, l.text FROM job_locations l JOIN jobs j ON j.rid = l.job_rid WHERE j.id = ? ORDER BY ord',
      )
      .all(jobId) as Array<{ city: string | null; region: string | null; country: string | null; text: string | null }>;
  } finally {
    db.close();
  }
}

/** Active jobs a search finds (the search index holds active jobs only). */
export function searchable(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare("SELECT count(*) FROM jobs j WHERE status = 'active' AND rid IN (SELECT rowid FROM job_search)")
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}
