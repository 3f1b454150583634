import { setMaxListeners } from 'node:events';
import type { Database } from 'better-sqlite3';
import { openIndex } from '../index-db/open-index.js';
import { RUN_BUSY_TIMEOUT_MS } from '../sqlite/busy.js';
import { DiskFull, isDiskFull } from '../sqlite/writable-files.js';
import { IndexWriter } from '../index-db/write/index-writer.js';
import { refreshStats } from '../index-db/write/refresh-stats.js';
import { JobSources, upstreamSource } from '../index-db/write/job-sources.js';
import { commitRun } from './commit.js';
import { fetchDetails } from './fetch-details.js';
import { ProgressMeter, type SyncProgress } from './progress.js';
import { mergeStagedCards, plannedWalks, pullCards, upstreamActiveJobs } from './pull-cards.js';
import { pullCompanies } from './pull-companies.js';
import { checkWalkPartition, restartCardWalks } from './walk-partition.js';
import { PageMismatch } from './page-check.js';
import { pullExchangeRates, type ExchangeRatesOutcome } from './pull-exchange-rates.js';
import { reconcile } from './reconcile.js';
import { DEFAULT_RETRY, type RetryPolicy } from '../net/retrying-fetch.js';
import { combinedChecks, recheckSaved } from './saved-recheck.js';
import type { SavedJobCheck, SavedJobsPort } from './saved-jobs-port.js';
import type { SyncContext, SyncCounts } from './sync-context.js';
import { SyncState, type RunState } from './sync-state.js';
import { acquireSyncLock } from './sync-lock.js';
import { bootstrapFromSnapshot, type SnapshotMode, type SnapshotReport } from './snapshot-bootstrap.js';
import { connectUpstream, normalizeUpstreamUrl } from './upstream.js';

export type { SyncProgress } from './progress.js';

export interface SyncOptions {
  /** Base URL of a service that speaks the spec (`jobindex serve`, the real one). */
  upstream: string;
  /** The index to sync into: an open writable database, or a file (opened, and closed after). */
  db?: Database;
  indexFile?: string;
  /** The user's saved jobs, re-checked on every successful run. */
  savedJobs?: SavedJobsPort;
  /** Aborting stops the run where it is; the next run resumes from its checkpoint. */
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  /** Requests in flight for details (default 8). */
  concurrency?: number;
  /** How far before the high-water marks an incremental run looks again (default 1 hour). */
  overlapMs?: number;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
  /** Start from the upstream's snapshot when the index has nothing of it or is far behind (default 'auto'). */
  snapshot?: SnapshotMode;
}

export interface SyncReport extends SyncCounts {
  upstream: string;
  /** A first (full) pull rather than an incremental one. */
  full: boolean;
  /** This process continued a run an earlier one had started. */
  resumed: boolean;
  durationMs: number;
  /** The first few malformed records skipped (and unsafe URLs dropped): id and what was wrong. */
  malformedExamples: Array<{ id: string; reason: string }>;
  /** Whether the upstream's exchange rates replaced the local table (pull-exchange-rates.ts). */
  exchangeRates: ExchangeRatesOutcome;
  /** Whether the run started from a snapshot of the upstream (snapshot-bootstrap.ts). */
  snapshot: SnapshotReport;
}

export const DEFAULT_OVERLAP_MS = 60 * 60 * 1000;

/**
 * Brings a local index up to date with an upstream Job Index service through its public API:
 * companies, new and re-verified jobs with their details, expiries and removals, saved jobs.
 * Resumable at any point (docs/decisions/sync.md).
 */
export async function syncIndex(opts: SyncOptions): Promise<SyncReport> {
  const upstream = normalizeUpstreamUrl(opts.upstream);
  if (!opts.db && !opts.indexFile) throw new Error('syncIndex: give db or indexFile');
  const concurrency = opts.concurrency ?? 8;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new Error(`concurrency: must be a whole number from 1 to 64, got ${concurrency}`);
  const overlapMs = opts.overlapMs ?? DEFAULT_OVERLAP_MS;
  if (!(overlapMs >= 0)) throw new Error(`overlapMs: must be 0 or more, got ${overlapMs}`);
  const now = opts.now ?? Date.now;
  // Every request in flight listens to the caller's signal (up to a few dozen at once).
  if (opts.signal) setMaxListeners(256, opts.signal);
  const started = performance.now();
  // Before opening the file: a second run must not wait on the first one's writes.
  const file = opts.indexFile ?? (opts.db!.memory ? undefined : opts.db!.name);
  const release = file ? acquireSyncLock(file) : () => {};
  let db: Database;
  try {
    db = opts.db ?? openForRun(opts.indexFile!);
  } catch (e) {
    release();
    throw e;
  }
  try {
    const meter = new ProgressMeter(opts.onProgress);
    // Only into a file: the snapshot is downloaded beside it.
    const snapshot: SnapshotReport =
      (opts.snapshot ?? 'auto') === 'auto' && file
        ? await bootstrapFromSnapshot({
            db,
            indexFile: file,
            upstream,
            meter,
            now,
            ...(opts.signal ? { signal: opts.signal } : {}),
            // The run's own connection: the snapshot's file may take the index's place (snapshot-install.ts).
            ...(opts.db ? {} : { reopen: () => (db = openForRun(file)) }),
          })
        : { used: false, reason: file ? 'snapshots were not asked for' : 'an in-memory index' };
    const state = new SyncState(db);
    const counts: SyncCounts = {
      companies: 0,
      companiesRemoved: 0,
      cards: 0,
      details: 0,
      jobsWritten: 0,
      expired: 0,
      purged: 0,
      malformedSkipped: 0,
      unsafeUrlsDropped: 0,
      retries: 0,
      savedChecked: 0,
    };
    const examples: Array<{ id: string; reason: string }> = [];
    let run = state.run();
    // A run that died may have written jobs without the counts that follow them: repaired first.
    if (run) refreshStats(db, now());
    const resumed = run?.upstream === upstream;
    if (!resumed) {
      // A run from another upstream cannot be continued: its staged work is dropped.
      if (run) state.clearRun();
      const marks = state.marks(upstream);
      run = {
        upstream,
        startedAt: now(),
        full: !marks,
        phase: 'companies',
        walks: {},
        ...(marks ? { since: { discovered: marks.discovered - overlapMs, verified: marks.verified - overlapMs } } : {}),
      } satisfies RunState;
      state.saveRun(run);
    }
    const policy = { ...DEFAULT_RETRY, ...opts.retry };
    const ctx: SyncContext = {
      db,
      writer: new IndexWriter(db),
      state,
      run: run!,
      source: upstreamSource(upstream),
      sources: new JobSources(db),
      up: connectUpstream(upstream, policy, {
        ...(opts.signal ? { signal: opts.signal } : {}),
        onRetry: () => counts.retries++,
      }),
      signal: opts.signal,
      meter,
      counts,
      concurrency,
      retry: policy,
      malformed(id, reason) {
        counts.malformedSkipped++;
        if (examples.length < 10) examples.push({ id, reason });
      },
      unsafeUrl(id, field) {
        counts.unsafeUrlsDropped++;
        if (examples.length < 10) examples.push({ id, reason: `${field}: not an http(s) URL, dropped` });
      },
    };
    const exchangeRates = await runPhases(ctx, opts.savedJobs, now).catch((e: unknown) => {
      // Named by this index: the process may have other files open for writing.
      throw isDiskFull(e, file) && !(e instanceof DiskFull) ? new DiskFull(file, { cause: e }) : e;
    });
    return {
      upstream,
      full: ctx.run.full,
      resumed,
      ...counts,
      durationMs: Math.round(performance.now() - started),
      malformedExamples: examples,
      exchangeRates,
      snapshot,
    };
  } finally {
    if (!opts.db) db.close();
    release();
  }
}

async function runPhases(
  ctx: SyncContext,
  savedJobs: SavedJobsPort | undefined,
  now: () => number,
): Promise<ExchangeRatesOutcome> {
  const { run, meter } = ctx;
  const advance = (phase: RunState['phase']) => {
    run.phase = phase;
    ctx.state.saveRun(run);
  };
  if (run.phase === 'companies') {
    meter.start('companies');
    await pullCompanies(ctx);
    meter.finish();
  }
  if (run.phase === 'cards') {
    // The upstream's own company counts say how many active cards a full pull will see.
    const total = run.full ? (upstreamActiveJobs(ctx) ?? null) : null;
    meter.start('cards', total ?? undefined);
    const walks = plannedWalks(run).filter((w) => !run.walks[w.name]?.done);
    try {
      await allOrNone(ctx, walks, pullCards);
      checkWalkPartition(ctx);
    } catch (e) {
      if (!(e instanceof PageMismatch)) throw e;
      restartCardWalks(ctx);
      throw new PageMismatch(
        `${e.message}; stopped before writing anything, the card walks start again at the next sync`,
      );
    }
    mergeStagedCards(ctx);
    meter.finish();
    advance('details');
  }
  if (run.phase === 'details') {
    meter.start('details');
    await fetchDetails(ctx);
    meter.finish();
    advance('reconcile');
  }
  if (run.phase === 'reconcile') {
    meter.start('reconcile');
    await reconcile(ctx);
    meter.finish();
    advance('recheck');
  }
  if (run.phase === 'recheck') {
    // Jobs reconciliation found missing locally.
    meter.start('details');
    await fetchDetails(ctx);
    meter.finish();
    advance('saved');
  }
  let checks = new Map<string, SavedJobCheck>();
  if (savedJobs && (run.phase === 'saved' || run.phase === 'commit')) {
    meter.start('saved');
    checks = await recheckSaved(ctx, savedJobs);
    meter.finish();
  }
  advance('commit');
  // Before the commit, whose stats refresh then covers recomputed pay; asked at every run (one
  // small request), so a resumed run needs no phase of its own for it.
  const rates = await pullExchangeRates(ctx);
  ctx.signal?.throwIfAborted();
  meter.start('commit');
  const at = now();
  commitRun(ctx, at);
  meter.finish();
  const checkedAt = new Date(at);
  const combined = await combinedChecks(ctx, checks);
  for (const [id, check] of combined) await savedJobs!.recordCheck(id, check, checkedAt);
  return rates;
}

/**
 * Runs the walks concurrently; when one fails, the others are stopped (their checkpoints stand)
 * and awaited before the failure is passed on, so none keeps asking the upstream, or writing,
 * after the run has ended.
 */
async function allOrNone<T>(
  ctx: SyncContext,
  items: T[],
  work: (ctx: SyncContext, item: T) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop.signal]) : stop.signal;
  const results = await Promise.allSettled(
    items.map((item) =>
      work({ ...ctx, signal }, item).catch((e: unknown) => {
        stop.abort(e);
        throw e;
      }),
    ),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw stop.signal.aborted ? stop.signal.reason : failed.reason;
}

/** The run's own connection: it waits longer than a request for another writer's turn to end (busy.ts). */
function openForRun(file: string): Database {
  const db = openIndex(file);
  db.pragma(`busy_timeout = ${RUN_BUSY_TIMEOUT_MS}`);
  return db;
}
