import type { MessageInitShape } from '@bufbuild/protobuf';
import { createClient } from '@connectrpc/connect';
import { ExportsService, type Export, type StartRequestSchema } from '#shared/gen/svc/exports/v1/exports_pb';
import type { ExportOptions, ExportOutcome, ExportPlatform } from './export-port.js';
import { createTransport } from './transport.electron.js';

/** How often the UI asks main how far an export has got (the IPC bridge carries unary calls only). */
const POLL_MS = 250;

const exportsClient = createClient(ExportsService, createTransport());

type StartInit = Exclude<MessageInitShape<typeof StartRequestSchema>, { $typeName: string }>;

/** Waits `ms`, or less when the export is cancelled meanwhile. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

function present(e: Export | undefined): Export {
  if (!e) throw new Error('the app answered without the export');
  return e;
}

/**
 * Main opens the save dialog and writes the file (streamed, electron/service/exports/); the page follows
 * its progress and can cancel it.
 */
async function run(source: StartInit['source'], o: ExportOptions): Promise<ExportOutcome> {
  const started = (await exportsClient.start({ format: o.format, source })).export;
  if (!started) return { kind: 'cancelled' };
  let e = started;
  let cancelling = false;
  while (e.state === 'running') {
    o.onProgress({ rows: e.rows, ...(e.total !== undefined ? { total: e.total } : {}) });
    if (o.signal.aborted && !cancelling) {
      cancelling = true;
      e = present((await exportsClient.cancel({ id: e.id })).export);
      continue;
    }
    await pause(POLL_MS, o.signal);
    e = present((await exportsClient.get({ id: e.id })).export);
  }
  if (e.state === 'done') return { kind: 'done', rows: e.rows, where: e.path };
  if (e.state === 'cancelled') return { kind: 'cancelled' };
  throw new Error(e.error ?? 'the export failed');
}

export const exportSearch: ExportPlatform['exportSearch'] = (query, o) => run({ case: 'search', value: query }, o);

export const exportSaved: ExportPlatform['exportSaved'] = (filter, o) => run({ case: 'saved', value: filter }, o);
