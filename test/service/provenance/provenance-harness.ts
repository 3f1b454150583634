import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import Database from 'better-sqlite3';
import { GetResponseSchema } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { BoardRef } from '#shared/rules/board-ref';
import { JobDetails } from '../../../electron/service/index-db/read/job-detail.js';
import { openIndex } from '#service/index-db/open-index';
import { jobDetail } from '../../../electron/service/index-db/wire.js';
import { loadSanitizer } from '../../../electron/service/sanitize/lazy-sanitizer.js';
import { syncIndex, type SyncReport } from '#service/sync/sync-index';
import { openUserDb } from '#service/user-db/open-user-db';
import { SavedJobs } from '#service/user-db/saved-jobs';
import { SavedJobsSyncPort } from '#service/user-services/saved-jobs-sync';
import { snapshotOf } from '../../../electron/service/user-db/snapshot.js';
import { crawlBoards } from '#service/crawl/crawl-boards';
import type { CrawlSummary } from '#service/crawl/crawl-types';
import type { ReplayServer } from '../crawl/replay-server.js';

/** A temp folder with an index file and a user file (the desktop app's two files). */
export function tempFiles(): { dir: string; index: string; user: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'provenance-'));
  return {
    dir,
    index: join(dir, 'index.sqlite'),
    user: join(dir, 'user.sqlite'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const FAST = { retries: 1, baseDelayMs: 1, maxDelayMs: 5, timeoutMs: 30_000, maxRetryAfterMs: 20 };

/** The user's saved jobs in a user file, as the app and `sync --user-data` reach them. */
export function userSaved(file: string): { saved: SavedJobs; port: SavedJobsSyncPort; close: () => void } {
  const db = openUserDb(file);
  const saved = new SavedJobs(db);
  return { saved, port: new SavedJobsSyncPort(saved), close: () => db.close() };
}

/** Saves a job of the index, as SavedJobsService.Save does (its detail as the snapshot). */
export async function saveJob(indexFile: string, userFile: string, jobId: string): Promise<void> {
  const sanitize = await loadSanitizer();
  const db = openIndex(indexFile);
  const u = userSaved(userFile);
  try {
    const rec = new JobDetails(db).get(jobId);
    if (!rec) throw new Error(`no job ${jobId} in ${indexFile}`);
    u.saved.save(jobId, snapshotOf(create(GetResponseSchema, jobDetail(rec, sanitize)), sanitize), {
      closedAt: null,
      lastSeenOpenAt: Date.now(),
    });
  } finally {
    u.close();
    db.close();
  }
}

export function savedClosedAt(userFile: string, jobId: string): number | null {
  const u = userSaved(userFile);
  try {
    return u.saved.get(jobId)!.row.closed_at;
  } finally {
    u.close();
  }
}

export async function sync(indexFile: string, upstream: string, userFile?: string): Promise<SyncReport> {
  const u = userFile ? userSaved(userFile) : undefined;
  try {
    return await syncIndex({ upstream, indexFile, retry: FAST, ...(u ? { savedJobs: u.port } : {}) });
  } finally {
    u?.close();
  }
}

export async function crawl(
  server: ReplayServer,
  indexFile: string,
  boards: BoardRef[],
  userFile?: string,
  at = Date.now(),
): Promise<CrawlSummary> {
  const u = userFile ? userSaved(userFile) : undefined;
  try {
    return await crawlBoards({
      indexFile,
      boards,
      apiBase: server.apiBase(),
      now: () => at,
      retry: FAST,
      ...(u ? { savedJobs: u.port } : {}),
    });
  } finally {
    u?.close();
  }
}

export interface IndexJob {
  id: string;
  status: string;
  title: string;
  source_type: string;
  posting_url: string | null;
}

export function jobsOf(file: string): IndexJob[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT id, status, title, source_type, posting_url FROM jobs ORDER BY id').all() as IndexJob[];
  } finally {
    db.close();
  }
}

export const activeIds = (file: string): string[] =>
  jobsOf(file)
    .filter((j) => j.status === 'active')
    .map((j) => j.id);

/** Active jobs search finds, and how many distinct postings (by posting URL) among them. */
export function searchCount(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare("SELECT count(*) FROM jobs WHERE status = 'active' AND rid IN (SELECT rowid FROM job_search)")
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}
