import type { ExportFormat } from '#shared/export/export-format';

export interface SaveDialogRequest {
  /** The file name offered (the dialog opens in the person's downloads folder). */
  defaultName: string;
  format: ExportFormat;
}

/**
 * Asks the person where to save an export: Electron's save dialog in the app
 * (electron/shell/electron-save-dialog.ts), a stand-in in tests. Resolves with the chosen path,
 * or undefined when the dialog was cancelled.
 */
export interface SaveDialog {
  choose(req: SaveDialogRequest): Promise<string | undefined>;
}
