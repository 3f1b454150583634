import { csvChunks } from './csv-chunks.js';
import type { ExportFormat, ExportShape } from './export-format.js';
import { jsonArrayChunks, ndjsonChunks } from './json-chunks.js';

/** Rows as text chunks in `format`; the caller writes them to a file, a stream or a Blob. */
export function exportChunks<R>(
  format: ExportFormat,
  rows: AsyncIterable<R> | Iterable<R>,
  shape: ExportShape<R>,
): AsyncGenerator<string> {
  switch (format) {
    case 'csv':
      return csvChunks(rows, shape.columns);
    case 'json':
      return jsonArrayChunks(rows, shape.json);
    case 'ndjson':
      return ndjsonChunks(rows, shape.json);
  }
}
