import { create, toJsonString } from '@bufbuild/protobuf';
import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { JobQuerySchema, type JobQuery as JobQueryMessage } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { SavedSearchesService } from '#shared/gen/svc/searches/v1/searches_pb';
import { FieldError } from '#shared/rules/field-error';
import { normalizeJobQuery, type JobQuery } from '#shared/rules/job-query';
import { savedSearchName } from '#shared/rules/saved-search';
import { NameTaken, type SavedSearchRow } from '../user-db/saved-searches.js';
import { countNewJobs, discoveryWatermark } from './new-jobs.js';
import { announceNewJobs, setSearchAlerts } from './search-alerts.js';
import type { UserContext } from './user-context.js';
import { savedSearch } from './wire.js';

/** The query as saved: text and filters only (a saved search always starts at the first page). */
function storedQuery(q: JobQueryMessage | undefined): { json: string; normalized: JobQuery } {
  const kept = create(JobQuerySchema, {
    ...(q?.query !== undefined ? { query: q.query } : {}),
    ...(q?.filters ? { filters: q.filters } : {}),
  });
  return { json: toJsonString(JobQuerySchema, kept), normalized: normalizeJobQuery(kept) };
}

function nameTaken<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof NameTaken)
      throw new ConnectError(`name: a saved search named ${JSON.stringify(e.message)} exists`, Code.AlreadyExists);
    throw e;
  }
}

export function savedSearchesService(ctx: UserContext): ServiceImpl<typeof SavedSearchesService> {
  const found = (id: string): SavedSearchRow => {
    if (id === '') throw new FieldError('id', 'is required');
    const row = ctx.searches.get(id);
    if (!row) throw new ConnectError(`saved search ${id} not found`, Code.NotFound);
    return row;
  };
  const withNews = (row: SavedSearchRow) => {
    const q = normalizeJobQuery(JSON.parse(row.query_json) as Parameters<typeof normalizeJobQuery>[0]);
    return savedSearch(row, countNewJobs(ctx.index(), q, row.baseline_ms));
  };
  return {
    create(req) {
      const name = savedSearchName(req.name);
      const q = storedQuery(req.query);
      const row = nameTaken(() => ctx.searches.create(name, q.json, discoveryWatermark(ctx.index())));
      return { search: withNews(row) };
    },
    list() {
      return { data: ctx.searches.list().map(withNews) };
    },
    open(req) {
      const row = found(req.id);
      return { search: withNews(ctx.searches.open(row.id, discoveryWatermark(ctx.index()))!) };
    },
    rename(req) {
      const row = found(req.id);
      const name = savedSearchName(req.name);
      return { search: withNews(nameTaken(() => ctx.searches.rename(row.id, name))!) };
    },
    delete(req) {
      if (req.id === '') throw new FieldError('id', 'is required');
      return { removed: ctx.searches.remove(req.id) };
    },
    setAlerts(req) {
      const row = found(req.id);
      setSearchAlerts(ctx.index(), ctx.db, row.id, req.on);
      return { search: withNews(ctx.searches.get(row.id)!) };
    },
    takeAlerts() {
      // The page shows them itself (the browser's Notification API): nothing to notify here.
      return { alerts: announceNewJobs(ctx.index(), ctx.db, () => {}) };
    },
  };
}
