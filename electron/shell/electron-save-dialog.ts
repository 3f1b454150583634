import { join } from 'node:path';
import { app, dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';
import { EXPORT_FILE_FILTERS } from '#shared/export/export-file-name';
import type { SaveDialog } from '#service/exports/save-dialog';

/** The OS save dialog, modal to the app's window, opening in the downloads folder. */
export function electronSaveDialog(parent: () => BrowserWindow | undefined): SaveDialog {
  return {
    async choose({ defaultName, format }) {
      const options: SaveDialogOptions = {
        title: 'Export',
        defaultPath: join(app.getPath('downloads'), defaultName),
        filters: [EXPORT_FILE_FILTERS[format]],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const win = parent();
      const r =
        win && !win.isDestroyed() ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return r.canceled || !r.filePath ? undefined : r.filePath;
    },
  };
}
