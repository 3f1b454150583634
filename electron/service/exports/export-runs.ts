import { randomUUID } from 'node:crypto';
import { exportChunks } from '#shared/export/export-chunks';
import type { ExportFormat, ExportShape } from '#shared/export/export-format';
import { exportErrorText } from './export-error-text.js';
import { writeExportFile, type ExportFileOptions } from './export-file.js';

export type ExportRunState = 'running' | 'done' | 'failed' | 'cancelled';

/** One export as the UI sees it (the wire's svc.exports.v1.Export). */
export interface ExportRun {
  id: string;
  path: string;
  format: ExportFormat;
  state: ExportRunState;
  /** Rows handed to the writer so far; every row once `done`. */
  rows: number;
  total?: number;
  error?: string;
}

interface Entry {
  run: ExportRun;
  abort: AbortController;
  settled: Promise<void>;
}

/** Finished exports kept for the UI to read their outcome; older ones are forgotten. */
const KEEP_SETTLED = 20;

/** Counts rows as the writer takes them: the progress the UI polls. */
async function* counted<R>(rows: AsyncIterable<R> | Iterable<R>, run: ExportRun): AsyncGenerator<R> {
  for await (const row of rows) {
    run.rows++;
    yield row;
  }
}

/**
 * The main process's exports in flight: each writes in the background (exportChunks into
 * writeExportFile) while the renderer polls `get`; `cancel` aborts one and waits until its
 * partial file is gone.
 */
export class ExportRuns {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly opts: Pick<ExportFileOptions, 'open'> = {}) {}

  start<R>(
    path: string,
    format: ExportFormat,
    rows: AsyncIterable<R> | Iterable<R>,
    shape: ExportShape<R>,
    total?: number,
  ): ExportRun {
    const run: ExportRun = {
      id: randomUUID(),
      path,
      format,
      state: 'running',
      rows: 0,
      ...(total !== undefined ? { total } : {}),
    };
    const abort = new AbortController();
    const settled = writeExportFile(exportChunks(format, counted(rows, run), shape), path, {
      signal: abort.signal,
      ...this.opts,
    }).then(
      () => {
        run.state = 'done';
      },
      (e: unknown) => {
        if (abort.signal.aborted) {
          run.state = 'cancelled';
        } else {
          run.state = 'failed';
          run.error = exportErrorText(e, path);
        }
      },
    );
    this.entries.set(run.id, { run, abort, settled });
    void settled.then(() => this.forgetOld());
    return { ...run };
  }

  get(id: string): ExportRun | undefined {
    const e = this.entries.get(id);
    return e && { ...e.run };
  }

  /** Stops a running export and resolves once it has settled (an export already over is left as it is). */
  async cancel(id: string): Promise<ExportRun | undefined> {
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (e.run.state === 'running') e.abort.abort();
    await e.settled;
    return { ...e.run };
  }

  /** Stops every running export (the app is quitting): none leaves a partial file behind. */
  async cancelAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.cancel(id)));
  }

  /** Resolves once the export has finished, failed or been cancelled. */
  async settled(id: string): Promise<ExportRun | undefined> {
    const e = this.entries.get(id);
    if (!e) return undefined;
    await e.settled;
    return { ...e.run };
  }

  private forgetOld(): void {
    const over = [...this.entries.values()].filter((e) => e.run.state !== 'running');
    for (const e of over.slice(0, Math.max(0, over.length - KEEP_SETTLED))) this.entries.delete(e.run.id);
  }
}
