import type { Database } from 'better-sqlite3';
import type { IndexWriter } from '../index-db/write/index-writer.js';
import type { JobSources } from '../index-db/write/job-sources.js';
import type { ProgressMeter } from './progress.js';
import type { RunState, SyncState } from './sync-state.js';
import type { Upstream } from './upstream.js';
import type { RetryPolicy } from '../net/retrying-fetch.js';

/** What this process did during a sync (a resumed run counts only its own share). */
export interface SyncCounts {
  companies: number;
  companiesRemoved: number;
  cards: number;
  details: number;
  jobsWritten: number;
  expired: number;
  purged: number;
  malformedSkipped: number;
  /** URL fields dropped as not http(s) (the record itself kept). */
  unsafeUrlsDropped: number;
  retries: number;
  savedChecked: number;
}

/** Everything the phases of one run share. */
export interface SyncContext {
  db: Database;
  writer: IndexWriter;
  state: SyncState;
  run: RunState;
  /** This upstream as a source (`upstream:<url>`), and who holds which job (docs/decisions/provenance.md). */
  source: string;
  sources: JobSources;
  up: Upstream;
  signal: AbortSignal | undefined;
  meter: ProgressMeter;
  counts: SyncCounts;
  concurrency: number;
  /** How often and how patiently a request is asked again (also a List page answering another query). */
  retry: RetryPolicy;
  /** Records skipped as malformed, with the reason (the first few are kept for the report). */
  malformed(id: string, reason: string): void;
  /** A URL field dropped as unsafe: counted, and kept as an example like a malformed record. */
  unsafeUrl(id: string, field: string): void;
}
