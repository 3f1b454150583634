import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ExportFormat } from '#shared/export/export-format';
import type { SearchToExport } from '#shared/export/search-pages';
import type { ListRequestSchema } from '#shared/gen/svc/saved/v1/saved_pb';

/**
 * What the UI asks of an export, whichever way the platform writes the file: a download in the
 * browser (export.browser.ts), the save dialog and main's writer in the desktop app
 * (export.electron.ts). The build picks one by the `#platform/export` alias (vite.config.ts).
 */
export interface ExportProgress {
  rows: number;
  /** Known up front for saved jobs; a search is walked to its end. */
  total?: number;
}

export type ExportOutcome =
  /** `where`: the file name of a download, the full path of a file written by the app. */
  | { kind: 'done'; rows: number; where: string }
  /** The person cancelled the save dialog or the export. */
  | { kind: 'cancelled' };

export interface ExportOptions {
  format: ExportFormat;
  onProgress(p: ExportProgress): void;
  /** Aborting cancels the export (the file is not written). */
  signal: AbortSignal;
}

/** The saved jobs to export (SavedJobsService.List's filter). */
export type SavedFilter = Omit<MessageInitShape<typeof ListRequestSchema>, '$typeName'>;

export interface ExportPlatform {
  /** Every job of a search, all pages, in its order. */
  exportSearch(query: SearchToExport, o: ExportOptions): Promise<ExportOutcome>;
  /** The saved jobs with their tracking. */
  exportSaved(filter: SavedFilter, o: ExportOptions): Promise<ExportOutcome>;
}
