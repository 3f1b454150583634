import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { openIndex, type IndexDb } from './index-db/open-index.js';
import { repairStaleCounts } from './index-db/write/stale-counts.js';
import type { SearchExclusions } from './index-db/search/job-search.js';
import { createIndexContext, type IndexContext } from './index-services/index-context.js';
import { indexRoutes } from './index-services/routes.js';
import { createHandlers, type Routes } from './rpc/router.js';
import { storageErrors } from './sqlite/storage-errors.js';
import type { OnUnexpected } from './rpc/unexpected-errors.js';

// The index half of the one composition root (docs/decisions/floors.md, cli-cold-start.md).
// `open-service.ts` adds the user file on top of this wiring; the read commands and serve's read
// workers, which open no user file, call it alone, so they never load the user file's services,
// migrations, outbox, directory or crawl code.

export interface IndexServiceOptions {
  indexFile: string;
  /** Open the index read-only (serve, the read commands, export); the app writes it (sync, crawl). */
  readonly?: boolean;
  /** Without a user file: the exclusions search leaves out (a read worker of `serve` gets them from its main thread). */
  exclusions?: () => SearchExclusions | undefined;
  now?: () => number;
}

/** What a user file adds to the index's wiring (open-service.ts builds it). */
export interface UserSide {
  routes: Routes;
  exclusions(): SearchExclusions | undefined;
  close(): void;
}

export interface IndexService {
  indexDb: IndexDb;
  index: IndexContext;
  /** The services' routes: the index's, then the user file's. */
  routes: Routes[];
  /** A router over `routes` and any `more` (the app's exports). */
  handlers(more?: readonly Routes[], onUnexpected?: OnUnexpected): Map<string, UniversalHandler>;
  /** Stops the user side and closes the files. */
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
 * Opens the index and wires its context, routes and router; `openUser`, when given, opens the user
 * side over that context (search then leaves out what it hides) and mounts its routes after the
 * index's. A failure closes whatever was opened.
 */
export function composeService<U extends UserSide>(
  o: IndexServiceOptions,
  openUser?: (index: () => IndexContext, now: () => number) => U,
): IndexService & { userSide?: U } {
  const indexDb = openIndex(o.indexFile, o.readonly ? { readonly: true } : {});
  let user: U | undefined;
  try {
    const now = o.now ?? Date.now;
    // Counts a run left stale when it died, before anything reads them (stale-counts.ts).
    repairStaleCounts(indexDb, o.indexFile, now());
    const index = createIndexContext(indexDb, now, {
      exclusions: () => (user ? user.exclusions() : o.exclusions?.()),
    });
    if (openUser) user = openUser(() => index, now);
    const routes = user ? [indexRoutes(index), user.routes] : [indexRoutes(index)];
    const opened: IndexService & { userSide?: U } = {
      indexDb,
      index,
      routes,
      handlers: (more = [], onUnexpected) => handlersOf([...routes, ...more], onUnexpected),
      close() {
        user?.close();
        indexDb.close();
      },
    };
    if (user) opened.userSide = user;
    return opened;
  } catch (e) {
    user?.close();
    indexDb.close();
    throw e;
  }
}

/** The index alone: the read commands and serve's read workers. */
export function openIndexService(o: IndexServiceOptions): IndexService {
  return composeService(o);
}
