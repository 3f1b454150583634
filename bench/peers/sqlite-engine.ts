import { openIndex } from '../../electron/index-db/open-index.js';
import { invokeUnary } from '../../electron/rpc/invoke.js';
import { createHandlers } from '../../electron/rpc/router.js';
import { createIndexContext } from '../../electron/services/index-context.js';
import { indexRoutes } from '../../electron/services/routes.js';
import type { JobFiltersInput } from '../../shared/rules/job-query.js';
import type { Engine, Searcher } from './engine.js';
import { PAGE, type PeerRequest } from './requests.js';

const PATH = '/svc.jobs.v1.JobsService/List';

/** The request as the app sends it: Connect JSON for JobsService.List. */
export function listBody(r: PeerRequest): Uint8Array {
  const filters: JobFiltersInput = {
    ...(r.country !== undefined ? { country: r.country } : {}),
    ...(r.remote !== undefined ? { remote: r.remote } : {}),
    ...(r.salaryMin !== undefined ? { salaryMin: r.salaryMin } : {}),
    ...(r.salaryMax !== undefined ? { salaryMax: r.salaryMax } : {}),
  };
  return new TextEncoder().encode(JSON.stringify({ query: { query: r.text, filters, limit: PAGE } }));
}

/**
 * Our side: the generated SQLite index opened read-only, each request through `invokeUnary` (as
 * the Electron IPC bridge does: rules, search, 25 cards encoded as JSON). Its build is the
 * generator (`benchIndex`), which the parent runs.
 */
export class SqliteEngine implements Engine {
  readonly limits = '';

  async load(file: string): Promise<Searcher> {
    const db = openIndex(file, { readonly: true });
    const handlers = createHandlers(indexRoutes(createIndexContext(db)));
    const ridOf = db.prepare('SELECT rid FROM jobs WHERE id = ?').pluck();
    const call = async (r: PeerRequest) => {
      const res = await invokeUnary(handlers, { path: PATH, body: listBody(r) });
      if (res.status !== 200) throw new Error(`List ${res.status}: ${Buffer.from(res.body).toString()}`);
      return res.body;
    };
    return {
      search: call,
      async pageRids(r: PeerRequest) {
        const page = JSON.parse(Buffer.from(await call(r)).toString()) as { data?: Array<{ id: string }> };
        return (page.data ?? []).map((j) => ridOf.get(j.id) as number);
      },
    };
  }
}
