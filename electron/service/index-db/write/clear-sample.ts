import type { Database } from 'better-sqlite3';
import { getMeta, setMeta } from '../meta.js';
import { IndexWriter } from './index-writer.js';
import { refreshStats } from './refresh-stats.js';

/** True while the index holds the generator's invented jobs (meta `sample_data`). */
export function isSampleIndex(db: Database): boolean {
  return getMeta(db, 'sample_data') === '1';
}

/**
 * Takes the generator's sample companies and jobs out of the index, once, when the person follows
 * a real board (docs/decisions/sources.md), or when a sync or crawl first brings real data. The user's file is not touched, so saved jobs keep their
 * snapshot and notes. Returns how many jobs left; 0 when the index is not (or no longer) sample.
 */
export function clearSampleData(db: Database, now = Date.now()): number {
  if (!isSampleIndex(db)) return 0;
  const writer = new IndexWriter(db);
  const removed = writer.transaction(() => removeSample(db, writer, now).jobs);
  refreshStats(db, now);
  return removed;
}

/**
 * The sample's jobs are those no source holds (index migration 0012): a sync or crawl that
 * brought real data into a sample index keeps it, and the sample leaves for good
 * (docs/decisions/provenance.md). Call inside a transaction; the caller refreshes the stats.
 */
export function removeSample(db: Database, writer: IndexWriter, now: number): { jobs: number; companies: number } {
  if (!isSampleIndex(db)) return { jobs: 0, companies: 0 };
  const jobIds = db
    .prepare<[], string>('SELECT id FROM jobs WHERE id NOT IN (SELECT job_id FROM job_sources)')
    .pluck()
    .all();
  for (const id of jobIds) writer.deleteJob(id);
  const companyIds = db
    .prepare<[], string>(
      'SELECT id FROM companies c WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.company_cid = c.cid)',
    )
    .pluck()
    .all();
  let companies = 0;
  for (const id of companyIds) if (writer.deleteCompanyWithoutJobs(id)) companies++;
  db.prepare("DELETE FROM meta WHERE key = 'sample_data'").run();
  setMeta(db, 'sample_cleared_at', String(now));
  return { jobs: jobIds.length, companies };
}
