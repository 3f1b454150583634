import type { ExportFormat } from './export-format.js';

/** What is exported, as the first part of the suggested file name. */
export type ExportSubject = 'jobs' | 'saved-jobs';

/** The name an export is offered under (download or save dialog): `jobs-2026-11-01.csv`. */
export function exportFileName(subject: ExportSubject, format: ExportFormat, now: Date = new Date()): string {
  return `${subject}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** The save dialog's file type for each format (one filter: the format asked for). */
export const EXPORT_FILE_FILTERS: Record<ExportFormat, { name: string; extensions: string[] }> = {
  csv: { name: 'CSV (spreadsheets)', extensions: ['csv'] },
  json: { name: 'JSON', extensions: ['json'] },
  ndjson: { name: 'NDJSON (one JSON object per line)', extensions: ['ndjson'] },
};
