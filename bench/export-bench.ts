// npm run bench:export — streaming a whole search to CSV / NDJSON through the router, as
// `jobindex search --format … --all` does: rows per second and the process's peak RSS. Memory
// must stay bounded: a 100k-row export may not need much more than a 1k-row one.
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import { openIndex } from '#service/index-db/open-index';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '../electron/service/rpc/router.js';
import { createIndexContext } from '../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import { exportChunks } from '#shared/export/export-chunks';
import type { ExportFormat } from '#shared/export/export-format';
import { JOB_CARD_EXPORT } from '#shared/export/job-card-shape';
import { allExportedJobs, type SearchReader, type SearchToExport } from '#shared/export/search-pages';
import { GetExportFieldsResponseSchema, JobsService } from '#shared/gen/svc/jobs/v1/jobs_pb';
import { benchIndex } from './bench-index.js';

const MB = 1024 * 1024;
const db = openIndex(benchIndex(100_000), { readonly: true });
const client = createClient(JobsService, createInMemoryTransport(createHandlers(indexRoutes(createIndexContext(db)))));
// BENCH_EXPORT_FIELDS=0 answers GetExportFields with nothing, without calling the service: the
// export as it cost before every row carried its locations and apply URL (the difference is that call).
const withFields = process.env.BENCH_EXPORT_FIELDS !== '0';
const jobs: SearchReader = withFields
  ? client
  : {
      list: (r) => client.list(r),
      getExportFields: () => Promise.resolve(create(GetExportFieldsResponseSchema, { data: [] })),
    };
const out = join(tmpdir(), `jobindex-export-bench-${process.pid}`);
const peakMb = () => process.resourceUsage().maxRSS / 1024;

// JS heap + buffers, sampled after every page: what the export itself holds. (RSS also counts the
// index pages SQLite maps into memory, which grow with how much of the file a search touched.)
const jsMb = () => {
  const m = process.memoryUsage();
  return (m.heapUsed + m.external + m.arrayBuffers) / MB;
};

async function exportOnce(name: string, query: SearchToExport, format: ExportFormat): Promise<string> {
  let rows = 0;
  let peakJs = jsMb();
  const t0 = performance.now();
  const cards = allExportedJobs(jobs, query, (n) => {
    rows = n;
    peakJs = Math.max(peakJs, jsMb());
  });
  await pipeline(Readable.from(exportChunks(format, cards, JOB_CARD_EXPORT)), createWriteStream(out));
  const s = (performance.now() - t0) / 1000;
  const size = statSync(out).size / MB;
  return `| ${name} | ${format} | ${rows.toLocaleString('en')} | ${size.toFixed(0)} MB | ${s.toFixed(1)} s | ${Math.round(rows / s).toLocaleString('en')} | ${peakJs.toFixed(0)} MB | ${peakMb().toFixed(0)} MB |`;
}

const lines = [
  '| export | format | rows | file | time | rows/s | peak JS heap + buffers | peak RSS so far |',
  '|---|---|---|---|---|---|---|---|',
];
const start = peakMb();
// Smallest first: peak RSS only grows, so each line shows what that size added.
lines.push(await exportOnce('country IS', { filters: { country: 'IS' } }, 'csv'));
lines.push(await exportOnce('country GB', { filters: { country: 'GB' } }, 'csv'));
lines.push(await exportOnce('every active job', {}, 'csv'));
lines.push(await exportOnce('every active job', {}, 'ndjson'));
lines.push(await exportOnce('every active job, "engineer" by relevance', { query: 'engineer' }, 'json'));
db.close();
rmSync(out, { force: true });
process.stdout.write(
  `${withFields ? 'With' : 'Without (BENCH_EXPORT_FIELDS=0)'} the GetExportFields call per page; load average ${loadavg()[0]!.toFixed(1)} at the end.\n\n${lines.join('\n')}\n\nPeak RSS before exporting: ${start.toFixed(0)} MB (heap ${(process.memoryUsage().heapUsed / MB).toFixed(0)} MB at the end).\n`,
);
