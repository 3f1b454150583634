import { exportChunks } from '../../../shared/export/export-chunks.js';
import { EXPORT_MEDIA_TYPES, type ExportFormat, type ExportShape } from '../../../shared/export/export-format.js';

/**
 * Writes rows in a format and hands them to the browser as a download. The Electron window uses
 * the same download for now (no native save dialog yet): docs/decisions/ui-user-data.md.
 */
export async function downloadRows<R>(name: string, format: ExportFormat, rows: AsyncIterable<R> | Iterable<R>, shape: ExportShape<R>): Promise<void> {
  const parts: string[] = [];
  for await (const chunk of exportChunks(format, rows, shape)) parts.push(chunk);
  const url = URL.createObjectURL(new Blob(parts, { type: EXPORT_MEDIA_TYPES[format] }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}-${new Date().toISOString().slice(0, 10)}.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken its copy once click() returns; free the blob after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
