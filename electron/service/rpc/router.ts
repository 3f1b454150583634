import { createConnectRouter, type ConnectRouter, type Interceptor } from '@connectrpc/connect';
import { BODY_MAX_BYTES } from '#shared/rules/limits';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { fieldErrors } from './field-errors.js';
import { jsonAside, nullsInJson } from './json-nulls.js';
import { strictHandler } from './strict-handler.js';
import { unexpectedErrors, type OnUnexpected } from './unexpected-errors.js';

export type Routes = (router: ConnectRouter) => void;

/**
 * The one router every transport serves (HTTP, Electron IPC, in-memory): Connect protocol, JSON
 * and binary, strict bodies (strictHandler), `null` for the spec's nullable fields, field errors as
 * `invalid_argument`; `interceptors` run between the two (the composition root passes storage's).
 * Keyed by request path.
 */
export function createHandlers(
  routes: Routes,
  opts: { onUnexpected?: OnUnexpected; interceptors?: readonly Interceptor[] } = {},
): Map<string, UniversalHandler> {
  const more = opts.interceptors ?? [];
  const router = createConnectRouter({
    connect: true,
    grpc: false,
    grpcWeb: false,
    // jsonAside first (outermost): it writes the JSON answers nullsInJson serves (json-nulls.ts).
    interceptors: opts.onUnexpected
      ? [jsonAside, unexpectedErrors(opts.onUnexpected), ...more, fieldErrors]
      : [jsonAside, ...more, fieldErrors],
    // strictHandler already refused unknown keys naming their path; this is the backstop.
    jsonOptions: { ignoreUnknownFields: false, alwaysEmitImplicit: true },
    readMaxBytes: BODY_MAX_BYTES,
  });
  routes(router);
  return new Map(router.handlers.map((h) => [h.requestPath, strictHandler(nullsInJson(h))]));
}
