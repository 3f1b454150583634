import type { MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { exportFileName, type ExportSubject } from '#shared/export/export-file-name';
import { EXPORT_FORMATS, type ExportFormat } from '#shared/export/export-format';
import { JOB_CARD_EXPORT } from '#shared/export/job-card-shape';
import { SAVED_JOB_EXPORT } from '#shared/export/saved-job-shape';
import { allExportedJobs, type SearchReader, type SearchToExport } from '#shared/export/search-pages';
import type { ExportSchema, ExportsService } from '#shared/gen/svc/exports/v1/exports_pb';
import type { JobQuery } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type {
  ListRequestSchema as SavedListRequestSchema,
  ListResponse as SavedListResponse,
} from '#shared/gen/svc/saved/v1/saved_pb';
import { FieldError } from '#shared/rules/field-error';
import { normalizeJobQuery } from '#shared/rules/job-query';
import { isOneOf } from '#shared/rules/vocabulary';
import type { ExportRun, ExportRuns } from './export-runs.js';
import type { SaveDialog } from './save-dialog.js';

/** Where the rows come from: the app's own JobsService and SavedJobsService (the same router). */
export interface ExportSources {
  jobs: SearchReader;
  listSaved(req: MessageInitShape<typeof SavedListRequestSchema>): Promise<SavedListResponse>;
}

export interface ExportsDeps extends ExportSources {
  dialog: SaveDialog;
  runs: ExportRuns;
  now?: () => Date;
}

function format(v: string): ExportFormat {
  if (!isOneOf(EXPORT_FORMATS, v))
    throw new FieldError('format', `must be one of ${EXPORT_FORMATS.join(', ')}, got ${JSON.stringify(v)}`);
  return v;
}

/**
 * The search to walk, checked by JobsService.List's own rules before the dialog opens (so a bad
 * filter is refused at once, named as this request names it), without paging.
 */
function searchToExport(q: JobQuery): SearchToExport {
  if (q.limit !== undefined) throw new FieldError('search.limit', 'must be absent: an export walks every page');
  if (q.cursor !== undefined)
    throw new FieldError('search.cursor', 'must be absent: an export starts at the first page');
  try {
    normalizeJobQuery(q);
  } catch (e) {
    if (e instanceof FieldError) throw new FieldError(e.field.replace(/^query\./, 'search.'), e.problem);
    throw e;
  }
  return { ...(q.query !== undefined ? { query: q.query } : {}), ...(q.filters ? { filters: q.filters } : {}) };
}

/** A refusal of SavedJobsService.List, naming the field as this request does (`saved.stage`). */
function savedFieldError(e: unknown): unknown {
  return e instanceof ConnectError && e.code === Code.InvalidArgument
    ? new ConnectError(`saved.${e.rawMessage}`, Code.InvalidArgument)
    : e;
}

const wire = (run: ExportRun): MessageInitShape<typeof ExportSchema> => run;

function found(run: ExportRun | undefined, id: string): ExportRun {
  if (!run) throw new ConnectError(`no export ${id} (it finished long ago, or the app restarted)`, Code.NotFound);
  return run;
}

/**
 * ExportsService: the desktop app's export to a file the person picks. Start asks the dialog,
 * then writes in the background with the same writers and search walk as the CLI and the browser
 * download (shared/export/); Get reports progress; Cancel stops it. docs/decisions/export.md.
 */
export function exportsService(deps: ExportsDeps): ServiceImpl<typeof ExportsService> {
  const now = deps.now ?? (() => new Date());
  return {
    async start(req, ctx) {
      const f = format(req.format);
      // A call cancelled while the dialog was open (the window went, the app's caller gave up)
      // starts no export: no one would learn of its file or be able to cancel it.
      const chosen = async (subject: ExportSubject) => {
        const path = await deps.dialog.choose({ defaultName: exportFileName(subject, f, now()), format: f });
        return ctx.signal.aborted ? undefined : path;
      };
      const source = req.source;
      if (source.case === 'search') {
        const query = searchToExport(source.value);
        const path = await chosen('jobs');
        if (path === undefined) return {};
        return { export: wire(deps.runs.start(path, f, allExportedJobs(deps.jobs, query), JOB_CARD_EXPORT)) };
      }
      if (source.case === 'saved') {
        // A person's saved jobs are one list (not paged); reading it first also gives the total.
        const { data } = await deps.listSaved(source.value).catch((e: unknown) => Promise.reject(savedFieldError(e)));
        const path = await chosen('saved-jobs');
        if (path === undefined) return {};
        return { export: wire(deps.runs.start(path, f, data, SAVED_JOB_EXPORT, data.length)) };
      }
      throw new FieldError('source', 'must be search or saved');
    },
    get(req) {
      return { export: wire(found(deps.runs.get(req.id), req.id)) };
    },
    async cancel(req) {
      return { export: wire(found(await deps.runs.cancel(req.id), req.id)) };
    },
  };
}
