import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { openIndex, type IndexDb } from './index-db/open-index.js';
import { repairStaleCounts } from './index-db/write/stale-counts.js';
import type { SearchExclusions } from './index-db/search/job-search.js';
import { createIndexContext, type IndexContext } from './index-services/index-context.js';
import { indexRoutes } from './index-services/routes.js';
import { createHandlers, type Routes } from './rpc/router.js';
import { storageErrors } from './sqlite/storage-errors.js';
import type { OnUnexpected } from './rpc/unexpected-errors.js';
import { openUserDb, type UserDb } from './user-db/open-user-db.js';
import type { UserContextOptions } from './user-services/user-context.js';
import { userDataServices, type UserDataServices } from './user-services/user-data-services.js';

export interface ServiceOptions {
  indexFile: string;
  /** Open the index read-only (serve, the read commands, export); the app writes it (sync, crawl). */
  readonly?: boolean;
  /** Without a user file: the exclusions search leaves out (a read worker of `serve` gets them from its main thread). */
  exclusions?: () => SearchExclusions | undefined;
  now?: () => number;
  /**
   * A user file: its services are mounted beside the index's, and search leaves out the jobs and
   * companies it hides. `create: false` refuses a missing file; `deliver: false` leaves the
   * report outbox alone (a one-shot command sends nothing).
   */
  user?: { file: string; create?: boolean; deliver?: boolean } & Omit<UserContextOptions, 'index'>;
}

export interface Service {
  indexDb: IndexDb;
  index: IndexContext;
  userDb?: UserDb;
  user?: UserDataServices;
  /** The services' routes: the index's, then the user file's. */
  routes: Routes[];
  /** A router over `routes` and any `more` (the app's exports). */
  handlers(more?: readonly Routes[], onUnexpected?: OnUnexpected): Map<string, UniversalHandler>;
  /** Stops the user services and closes both files. */
  close(): void;
}

/** A router over a list of routes, so a new service is one more entry. */
export function handlersOf(routes: readonly Routes[], onUnexpected?: OnUnexpected): Map<string, UniversalHandler> {
  return createHandlers(
    (router) => {
      for (const add of routes) add(router);
    },
    // A busy or full data file answers as such (sqlite/storage-errors.ts), never `internal`.
    onUnexpected ? { onUnexpected, interceptors: [storageErrors] } : { interceptors: [storageErrors] },
  );
}

/**
 * The one composition root of the service (docs/decisions/floors.md): opens the index and, when
 * asked, the user file, and wires contexts, routes and router the same way for the desktop app's
 * worker, `jobindex serve`, the export command and the read commands.
 */
export function openService(o: ServiceOptions): Service {
  const indexDb = openIndex(o.indexFile, o.readonly ? { readonly: true } : {});
  let userDb: UserDb | undefined;
  let user: UserDataServices | undefined;
  try {
    const now = o.now ?? Date.now;
    // Counts a run left stale when it died, before anything reads them (stale-counts.ts).
    repairStaleCounts(indexDb, o.indexFile, now());
    const index = createIndexContext(indexDb, now, {
      exclusions: () => (user ? user.ctx.exclusions.current() : o.exclusions?.()),
    });
    if (o.user) {
      const { file, create, deliver, ...opts } = o.user;
      userDb = openUserDb(file, create === false ? { create: false } : {});
      user = userDataServices(userDb, () => index, { now, ...opts }, { deliver: deliver ?? true });
    }
    const routes = user ? [indexRoutes(index), user.routes] : [indexRoutes(index)];
    const opened: Service = {
      indexDb,
      index,
      routes,
      handlers: (more = [], onUnexpected) => handlersOf([...routes, ...more], onUnexpected),
      close() {
        user?.close();
        userDb?.close();
        indexDb.close();
      },
    };
    if (userDb) opened.userDb = userDb;
    if (user) opened.user = user;
    return opened;
  } catch (e) {
    userDb?.close();
    indexDb.close();
    throw e;
  }
}
