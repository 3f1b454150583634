import type { UniversalHandler, UniversalServerRequest, UniversalServerResponse } from '@connectrpc/connect/protocol';

/** `serve` as a handler that stands for `h`: same path, method and content types, read by the router's users. */
export function wrapHandler(
  h: UniversalHandler,
  serve: (req: UniversalServerRequest) => Promise<UniversalServerResponse>,
): UniversalHandler {
  return Object.assign(serve, {
    protocolNames: h.protocolNames,
    service: h.service,
    method: h.method,
    requestPath: h.requestPath,
    allowedMethods: h.allowedMethods,
    supportedContentType: h.supportedContentType,
  });
}
