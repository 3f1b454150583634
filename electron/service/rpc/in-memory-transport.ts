import type { Transport } from '@connectrpc/connect';
import { createUniversalHandlerClient, type UniversalHandler } from '@connectrpc/connect/protocol';
import { createTransport } from '@connectrpc/connect/protocol-connect';

/** A Connect transport straight into the router's handlers (tests, the CLI), JSON by default. */
export function createInMemoryTransport(
  handlers: Map<string, UniversalHandler>,
  opts: { binary?: boolean } = {},
): Transport {
  return createTransport({
    httpClient: createUniversalHandlerClient([...handlers.values()]),
    baseUrl: 'https://in-memory',
    useBinaryFormat: opts.binary ?? false,
    interceptors: [],
    acceptCompression: [],
    sendCompression: null,
    compressMinBytes: Number.MAX_SAFE_INTEGER,
    readMaxBytes: Number.MAX_SAFE_INTEGER,
    writeMaxBytes: Number.MAX_SAFE_INTEGER,
  });
}
