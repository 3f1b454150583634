import type { Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';

/** Connect over HTTP to the page's own origin: `jobindex serve --ui` serves the app and the API. */
export function createTransport(): Transport {
  return createConnectTransport({ baseUrl: window.location.origin, useBinaryFormat: true });
}
