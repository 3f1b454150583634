/** The formats of every export (search results, saved jobs), for the CLI and the UI. */
export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  ndjson: 'application/x-ndjson',
};

/** A column of a CSV export: its header and how a row gives its cell. */
export interface CsvColumn<R> {
  header: string;
  cell: (row: R) => string | number | boolean | null | undefined;
}

/** How to write rows of one kind in every format. */
export interface ExportShape<R> {
  columns: readonly CsvColumn<R>[];
  /** The row as JSON (for json and ndjson): the service's wire form. */
  json: (row: R) => unknown;
}
