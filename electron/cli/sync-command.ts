import { Command, InvalidArgumentError } from 'commander';
import cliProgress from 'cli-progress';
import { existsSync } from 'node:fs';
import { bundledIndexPath } from '#service/paths';
import { defaultUserFile } from '#service/user-db/default-user-file';
import { openUserDb, type UserDb } from '#service/user-db/open-user-db';
import { SavedJobs } from '#service/user-db/saved-jobs';
import { SavedJobsSyncPort } from '#service/user-services/saved-jobs-sync';
import { syncIndex, type SyncProgress } from '#service/sync/sync-index';
import { startIndexRun } from './index-run.js';
import { upstreamFailure } from '#service/sync/upstream-fault';
import { DEFAULT_MAX_ANSWER_MB, MB } from '#service/net/capped-body';
import { integer, megabytes } from './parse.js';

function positive(value: string): number {
  const n = integer(value);
  if (n < 1) throw new InvalidArgumentError(`expected a whole number of 1 or more, got "${value}"`);
  return n;
}

const PHASES: Record<SyncProgress['phase'], string> = {
  snapshot: 'Snapshot',
  import: 'Importing',
  companies: 'Companies',
  cards: 'Job cards',
  details: 'Job details',
  reconcile: 'Expiry check',
  saved: 'Saved jobs',
  commit: 'Committing',
};

/** A progress bar on stderr when it is a terminal; nothing otherwise (logs stay clean). */
function progressBar(): { onProgress: (p: SyncProgress) => void; stop: () => void } | undefined {
  if (!process.stderr.isTTY) return undefined;
  const bar = new cliProgress.SingleBar(
    {
      format: '{phase} [{bar}] {value}/{total} · {rate}/s',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let phase: string | undefined;
  return {
    onProgress(p) {
      const payload = { phase: PHASES[p.phase].padEnd(12), rate: Math.round(p.rate).toLocaleString('en') };
      if (p.phase !== phase) {
        if (phase) bar.stop();
        phase = p.phase;
        bar.start(p.total ?? Math.max(p.done, 1), p.done, payload);
      } else {
        bar.setTotal(p.total ?? Math.max(p.done, 1));
        bar.update(p.done, payload);
      }
    },
    stop: () => bar.stop(),
  };
}

export const syncCommand = new Command('sync')
  .description(
    'bring an index up to date from an upstream Job Index service (resumable; run again after an interruption)',
  )
  .requiredOption('--upstream <url>', 'base URL of the upstream service, e.g. http://127.0.0.1:8080')
  .option('--db <file>', 'index file to sync into (default: the bundled index)')
  .option('--concurrency <n>', 'job details fetched at once', positive, 8)
  .option('--overlap-minutes <n>', 'how far before the last high-water marks to look again', integer, 60)
  .option('--timeout-seconds <n>', 'per request, including the body', positive, 30)
  .option('--retries <n>', 'retries per request on network errors, 500, 503, 429', integer, 6)
  .option(
    '--user-data <file>',
    "the app's user file whose saved jobs are re-checked, as the app's sync does (default: the desktop app's, when there is one)",
  )
  .option('--max-answer-mb <n>', 'largest answer one request may bring, decompressed', megabytes, DEFAULT_MAX_ANSWER_MB)
  .option(
    '--no-snapshot',
    "never start from the upstream's snapshot (default: when the index has nothing of this upstream or is far behind, and the upstream offers one)",
  )
  .option('--json', 'print the report as JSON')
  .action(
    async (o: {
      upstream: string;
      snapshot: boolean;
      db?: string;
      userData?: string;
      concurrency: number;
      overlapMinutes: number;
      timeoutSeconds: number;
      retries: number;
      maxAnswerMb: number;
      json?: boolean;
    }) => {
      if (o.overlapMinutes < 0) throw new Error('--overlap-minutes must be 0 or more');
      if (o.retries < 0) throw new Error('--retries must be 0 or more');
      const userDb = openSavedJobsFile(o.userData);
      const bar = o.json ? undefined : progressBar();
      const file = o.db ?? bundledIndexPath;
      const run = startIndexRun(file, 'sync');
      try {
        const r = await syncIndex({
          upstream: o.upstream,
          indexFile: file,
          signal: run.signal,
          concurrency: o.concurrency,
          overlapMs: o.overlapMinutes * 60_000,
          snapshot: o.snapshot ? 'auto' : 'never',
          retry: {
            timeoutMs: o.timeoutSeconds * 1000,
            retries: o.retries,
            maxBodyBytes: Math.floor(o.maxAnswerMb * MB),
          },
          ...(userDb ? { savedJobs: new SavedJobsSyncPort(new SavedJobs(userDb)) } : {}),
          ...(bar ? { onProgress: bar.onProgress } : {}),
        });
        bar?.stop();
        if (o.json) return void process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
        const n = (x: number) => x.toLocaleString('en');
        process.stdout.write(
          [
            `Synced from ${r.upstream} in ${(r.durationMs / 1000).toFixed(1)} s (${r.full ? 'first, full' : 'incremental'}${r.resumed ? ', resumed' : ''}).`,
            ...(r.snapshot.used
              ? [
                  `  from the snapshot of ${r.snapshot.createdAt}: ${n(r.snapshot.jobs ?? 0)} jobs, ${n(r.snapshot.bytesDownloaded ?? 0)} bytes downloaded${r.snapshot.resumedFrom ? ` (resumed at ${n(r.snapshot.resumedFrom)})` : ''}, ${n(r.snapshot.kept ?? 0)} followed boards' jobs kept`,
                ]
              : []),
            `  cards ${n(r.cards)} · details ${n(r.details)} · jobs written ${n(r.jobsWritten)} · companies ${n(r.companies)}`,
            `  expired ${n(r.expired)} · purged ${n(r.purged)} · malformed skipped ${n(r.malformedSkipped)} · unsafe URLs dropped ${n(r.unsafeUrlsDropped)} · retries ${n(r.retries)}`,
            `  exchange rates ${r.exchangeRates}`,
            userDb
              ? `  saved jobs re-checked ${n(r.savedChecked)} (${userDb.name})`
              : '  saved jobs: no user file (pass --user-data FILE)',
            ...r.malformedExamples.map((m) => `  skipped ${m.id}: ${m.reason}`),
          ].join('\n') + '\n',
        );
      } catch (e) {
        bar?.stop();
        // The upstream's errors are not this command's invalid input: say where they came from.
        throw run.failure(e, (e) => upstreamFailure(o.upstream, e));
      } finally {
        run.end();
        userDb?.close();
      }
    },
  );

/**
 * The user file whose saved jobs this sync re-checks: the one named, which must exist, else the
 * desktop app's when there is one (browser mode and the app use the same default).
 */
function openSavedJobsFile(named: string | undefined): UserDb | undefined {
  const file = named ?? defaultUserFile();
  if (!existsSync(file)) {
    if (named) throw new Error(`--user-data: no user file at ${file}`);
    return undefined;
  }
  return openUserDb(file, { create: false });
}
