import { stringify } from 'csv-stringify/browser/esm/sync';
import type { CsvColumn } from './export-format.js';
import { inertCell } from './inert-cell.js';

// Rows are stringified a batch at a time: one call per row would dominate a 100k-row export,
// one call for everything would hold it all in memory.
const BATCH = 500;

/**
 * CSV text in chunks: UTF-8 byte order mark (so spreadsheets read the file as UTF-8), a header,
 * then the rows, every text cell made inert. Runs in Node and the browser (csv-stringify's
 * dependency-free build).
 */
export async function* csvChunks<R>(
  rows: AsyncIterable<R> | Iterable<R>,
  columns: readonly CsvColumn<R>[],
): AsyncGenerator<string> {
  const options = {
    cast: {
      string: (v: string) => inertCell(v),
      boolean: (v: boolean) => (v ? 'true' : 'false'),
    },
    eof: true,
    record_delimiter: 'windows' as const,
  };
  yield '\uFEFF' + stringify([columns.map((c) => c.header)], options);
  let batch: unknown[][] = [];
  for await (const row of rows) {
    batch.push(columns.map((c) => c.cell(row) ?? ''));
    if (batch.length === BATCH) {
      yield stringify(batch, options);
      batch = [];
    }
  }
  if (batch.length) yield stringify(batch, options);
}
