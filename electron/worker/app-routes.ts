import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { createHandlers, type Routes } from '#service/rpc/router';
import type { OnUnexpected } from '#service/rpc/unexpected-errors';

/**
 * The app's router: every service main answers over IPC, composed from a list so a new service
 * is one more entry (see main.ts). The same router type `jobindex serve` answers HTTP with.
 */
export function appHandlers(routes: readonly Routes[], onUnexpected?: OnUnexpected): Map<string, UniversalHandler> {
  return createHandlers(
    (router) => {
      for (const add of routes) add(router);
    },
    onUnexpected ? { onUnexpected } : {},
  );
}
