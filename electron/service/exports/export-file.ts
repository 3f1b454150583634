import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ExportFileOptions {
  /** Aborting stops the export; nothing is left at the path. */
  signal?: AbortSignal;
  /** Opens the file being written (default: a write stream); tests put a full or slow disk here. */
  open?: (path: string) => Writable;
}

/** Where an export is written until it is complete: beside the target, so the rename is atomic. */
export const partialPath = (path: string): string => `${path}.partial`;

/** Resolves once a destroyed or finished stream has let go of its file. */
async function released(s: Writable): Promise<void> {
  if (s.closed) return;
  await new Promise<void>((resolve) => s.once('close', () => resolve()));
}

/**
 * Writes text chunks to `path` with backpressure (a slow disk slows the producer; memory stays
 * bounded). The text goes to `<path>.partial` and is renamed over `path` only when complete, so a
 * failed or cancelled export never leaves a truncated file under the chosen name (and a file it
 * was to replace stays as it was). The partial file is removed on failure.
 */
export async function writeExportFile(
  chunks: AsyncIterable<string>,
  path: string,
  opts: ExportFileOptions = {},
): Promise<void> {
  const partial = partialPath(path);
  const sink = (opts.open ?? ((p: string) => createWriteStream(p)))(partial);
  try {
    await pipeline(Readable.from(chunks, { objectMode: false }), sink, opts.signal ? { signal: opts.signal } : {});
    await rename(partial, path);
  } catch (e) {
    sink.destroy();
    await released(sink);
    await rm(partial, { force: true });
    throw e;
  }
}
