// node dist/bench/export-file-bench.js (after `npm run build`) — the desktop app's export to a
// file: ExportsService as main serves it (a stand-in save dialog, the router's own JobsService
// over the binary in-memory transport, ExportRuns writing `<file>.partial`), polled with Get as the
// renderer does. Prints medians of 3 runs: rows/s, and the peak of JS heap + buffers sampled at
// every poll, for a small and a whole-index export on the 100k index: memory must not grow with
// the row count.
import { rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { exportRoutes } from '#service/exports/export-routes';
import { ExportRuns } from '#service/exports/export-runs';
import { localExportSources } from '#service/exports/local-sources';
import { openIndex } from '#service/index-db/open-index';
import { createInMemoryTransport } from '#service/rpc/in-memory-transport';
import { createHandlers } from '../electron/service/rpc/router.js';
import { createIndexContext } from '../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import type { ExportFormat } from '#shared/export/export-format';
import { ExportsService } from '#shared/gen/svc/exports/v1/exports_pb';
import { benchIndex } from './bench-index.js';

const MB = 1024 * 1024;
const POLL_MS = 50;
const RUNS = 3;
const db = openIndex(benchIndex(100_000), { readonly: true });
const index = indexRoutes(createIndexContext(db));
const out = join(tmpdir(), `jobindex-export-file-bench-${process.pid}`);
const routes = exportRoutes({
  ...localExportSources(createHandlers(index)),
  dialog: { choose: async () => out },
  runs: new ExportRuns(),
});
const exportsClient = createClient(
  ExportsService,
  createInMemoryTransport(createHandlers((r) => (index(r), routes(r)))),
);

const jsMb = () => {
  const m = process.memoryUsage();
  return (m.heapUsed + m.external + m.arrayBuffers) / MB;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function once(search: { query?: string; filters?: { country?: string } }, format: ExportFormat) {
  globalThis.gc?.();
  let peak = jsMb();
  const t0 = performance.now();
  let e = (await exportsClient.start({ format, source: { case: 'search', value: search } })).export!;
  while (e.state === 'running') {
    await sleep(POLL_MS);
    peak = Math.max(peak, jsMb());
    e = (await exportsClient.get({ id: e.id })).export!;
  }
  if (e.state !== 'done') throw new Error(`export ${e.state}: ${e.error}`);
  return { rows: e.rows, s: (performance.now() - t0) / 1000, peak, size: statSync(out).size / MB };
}

const lines = [
  '| export | format | rows | file | median time | rows/s | median peak JS heap + buffers |',
  '|---|---|---|---|---|---|---|',
];
for (const [name, search, format] of [
  ['country IS', { filters: { country: 'IS' } }, 'csv'],
  ['country GB', { filters: { country: 'GB' } }, 'csv'],
  ['every active job', {}, 'csv'],
  ['every active job', {}, 'ndjson'],
] as const) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(search, format));
  const s = median(runs.map((r) => r.s));
  const rows = runs[0]!.rows;
  lines.push(
    `| ${name} | ${format} | ${rows.toLocaleString('en')} | ${runs[0]!.size.toFixed(0)} MB | ${s.toFixed(1)} s | ${Math.round(rows / s).toLocaleString('en')} | ${median(runs.map((r) => r.peak)).toFixed(0)} MB |`,
  );
}
db.close();
rmSync(out, { force: true });
process.stdout.write(
  `${lines.join('\n')}\n\npeak RSS of the process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`,
);
