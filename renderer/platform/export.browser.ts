import { exportChunks } from '#shared/export/export-chunks';
import { exportFileName, type ExportSubject } from '#shared/export/export-file-name';
import { EXPORT_MEDIA_TYPES, type ExportShape } from '#shared/export/export-format';
import { JOB_CARD_EXPORT } from '#shared/export/job-card-shape';
import { SAVED_JOB_EXPORT } from '#shared/export/saved-job-shape';
import { allExportedJobs } from '#shared/export/search-pages';
import { jobsClient, savedClient } from '../api/clients.js';
import type { ExportOptions, ExportOutcome, ExportPlatform } from './export-port.js';

/**
 * Writes rows in a format and hands them to the browser as a download: the page has no file
 * system, so the text is gathered into a Blob (the desktop app streams to disk instead).
 */
async function download<R>(
  subject: ExportSubject,
  rows: AsyncIterable<R> | Iterable<R>,
  shape: ExportShape<R>,
  o: ExportOptions,
  count: () => number,
): Promise<ExportOutcome> {
  const parts: string[] = [];
  for await (const chunk of exportChunks(o.format, rows, shape)) {
    if (o.signal.aborted) return { kind: 'cancelled' };
    parts.push(chunk);
  }
  const name = exportFileName(subject, o.format);
  const url = URL.createObjectURL(new Blob(parts, { type: EXPORT_MEDIA_TYPES[o.format] }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken its copy once click() returns; free the blob after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return { kind: 'done', rows: count(), where: name };
}

export const exportSearch: ExportPlatform['exportSearch'] = (query, o) => {
  let rows = 0;
  const reader = {
    list: (r: Parameters<typeof jobsClient.list>[0]) => jobsClient.list(r, { signal: o.signal }),
    getExportFields: (r: Parameters<typeof jobsClient.getExportFields>[0]) =>
      jobsClient.getExportFields(r, { signal: o.signal }),
  };
  const cards = allExportedJobs(reader, query, (n) => {
    rows = n;
    o.onProgress({ rows });
  });
  return download('jobs', cards, JOB_CARD_EXPORT, o, () => rows).catch((e: unknown) => {
    if (o.signal.aborted) return { kind: 'cancelled' } as const;
    throw e;
  });
};

export const exportSaved: ExportPlatform['exportSaved'] = async (filter, o) => {
  const { data } = await savedClient.list(filter, { signal: o.signal });
  o.onProgress({ rows: 0, total: data.length });
  return download('saved-jobs', data, SAVED_JOB_EXPORT, o, () => data.length);
};
