import { openIndex } from '#service/index-db/open-index';
import { invokeUnary } from '#service/rpc/invoke';
import { createHandlers } from '../../electron/service/rpc/router.js';
import { createIndexContext } from '../../electron/service/index-services/index-context.js';
import { indexRoutes } from '#service/index-services/routes';
import type { Engine, Searcher } from './engine.js';
import { LIST_PATH, listBody } from './list-body.js';
import type { PeerRequest } from './requests.js';

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
      const res = await invokeUnary(handlers, { path: LIST_PATH, body: listBody(r) });
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
