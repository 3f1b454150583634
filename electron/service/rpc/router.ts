import { createConnectRouter, type ConnectRouter } from '@connectrpc/connect';
import { BODY_MAX_BYTES } from '#shared/rules/limits';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { fieldErrors } from './field-errors.js';
import { nullsInJson } from './json-nulls.js';
import { storageErrors } from './storage-errors.js';
import { strictHandler } from './strict-handler.js';
import { unexpectedErrors, type OnUnexpected } from './unexpected-errors.js';

export type Routes = (router: ConnectRouter) => void;

/**
 * The one router every transport serves (HTTP, Electron IPC, in-memory): Connect protocol, JSON
 * and binary, strict bodies (strictHandler), `null` for the spec's nullable fields, field errors as
 * `invalid_argument`. Keyed by request path.
 */
export function createHandlers(routes: Routes, opts: { onUnexpected?: OnUnexpected } = {}): Map<string, UniversalHandler> {
  const router = createConnectRouter({
    connect: true,
    grpc: false,
    grpcWeb: false,
    interceptors: opts.onUnexpected ? [unexpectedErrors(opts.onUnexpected), storageErrors, fieldErrors] : [storageErrors, fieldErrors],
    // strictHandler already refused unknown keys naming their path; this is the backstop.
    jsonOptions: { ignoreUnknownFields: false, alwaysEmitImplicit: true },
    readMaxBytes: BODY_MAX_BYTES,
  });
  routes(router);
  return new Map(router.handlers.map((h) => [h.requestPath, strictHandler(nullsInJson(h))]));
}
