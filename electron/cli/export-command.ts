import { createWriteStream, existsSync } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createClient, type Client } from '@connectrpc/connect';
import cliProgress from 'cli-progress';
import { Command, Option } from 'commander';
import { exportChunks } from '#shared/export/export-chunks';
import { EXPORT_FORMATS, type ExportFormat } from '#shared/export/export-format';
import { JOB_CARD_EXPORT } from '#shared/export/job-card-shape';
import { SAVED_JOB_EXPORT } from '#shared/export/saved-job-shape';
import { allExportedJobs, withExportFields, type ExportedJob, type SearchToExport } from '#shared/export/search-pages';
import type { JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { SavedJobsService } from '#shared/gen/svc/saved/v1/saved_pb';
import { TRACKING_STAGES } from '#shared/rules/tracking';
import { openService } from '#service/open-service';
import { bundledIndexPath } from '#service/paths';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { defaultUserFile } from '#service/user-db/default-user-file';

/**
 * Writes text chunks to a file (or stdout) with backpressure: a slow disk or a closed pipe slows
 * the producer instead of letting chunks pile up in memory.
 */
export async function writeChunks(chunks: AsyncIterable<string>, out: string | undefined): Promise<void> {
  const dest: Writable = out ? createWriteStream(out) : process.stdout;
  await pipeline(Readable.from(chunks, { objectMode: false }), dest, { end: out !== undefined });
}

/** `jobindex search … --format F [--all]`: the search's cards in F, every page with --all. */
export async function exportSearch(
  jobs: Client<typeof JobsService>,
  query: SearchToExport & { limit?: number; cursor?: string },
  o: { format: ExportFormat; all?: boolean; out?: string },
): Promise<void> {
  let rows: AsyncIterable<ExportedJob>;
  let bar: cliProgress.SingleBar | undefined;
  if (o.all) {
    const { limit: _limit, cursor: _cursor, ...search } = query;
    // Progress only where a person watches and the data does not go to the same terminal.
    if (process.stderr.isTTY && o.out) {
      bar = new cliProgress.SingleBar(
        { format: 'Exporting {value} jobs…', stream: process.stderr, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(0, 0);
    }
    rows = allExportedJobs(jobs, search, (n) => bar?.update(n));
  } else {
    rows = (async function* () {
      yield* await withExportFields(jobs, (await jobs.list({ query })).data);
    })();
  }
  try {
    await writeChunks(exportChunks(o.format, rows, JOB_CARD_EXPORT), o.out);
  } finally {
    bar?.stop();
  }
}

const savedCommand = new Command('saved')
  .description('the saved jobs with their tracking (stage, history, notes, follow-up)')
  .addOption(
    new Option('--format <format>', 'csv (UTF-8 with BOM), json or ndjson')
      .choices(EXPORT_FORMATS)
      .makeOptionMandatory(),
  )
  .option('--user-data <file>', "the app's user file (default: the desktop app's)")
  .option('--db <file>', 'index file (default: the bundled index)')
  .addOption(new Option('--stage <stage>', 'only jobs in this stage').choices(TRACKING_STAGES))
  .option('--out <file>', 'write to this file instead of standard output')
  .action(async (o: { format: ExportFormat; userData?: string; db?: string; stage?: string; out?: string }) => {
    const file = o.userData ?? defaultUserFile();
    if (!existsSync(file)) throw new Error(`no user data at ${file}; pass --user-data FILE`);
    const indexFile = o.db ?? bundledIndexPath;
    if (!existsSync(indexFile)) throw new Error(`no index at ${indexFile}`);
    const service = openService({
      indexFile,
      readonly: true,
      user: { file, create: false, timers: false, deliver: false },
    });
    try {
      const saved = createClient(SavedJobsService, createInMemoryTransport(service.handlers()));
      const { data } = await saved.list({ sort: 'saved', ...(o.stage ? { stage: o.stage } : {}) });
      await writeChunks(exportChunks(o.format, data, SAVED_JOB_EXPORT), o.out);
    } finally {
      service.close();
    }
  });

export const exportCommand = new Command('export')
  .description('export what the user keeps, for spreadsheets and scripts')
  .addCommand(savedCommand);
