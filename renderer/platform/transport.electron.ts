import type { Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { APP_HOST, APP_SCHEME } from '#shared/ipc/app-origin';
import { BRIDGE_KEY, type JobIndexBridge } from '#shared/ipc/bridge';

function bridge(): JobIndexBridge {
  const found = (globalThis as unknown as Record<string, JobIndexBridge | undefined>)[BRIDGE_KEY];
  if (!found) throw new Error(`window.${BRIDGE_KEY} is missing: the page is not running in the desktop app's window`);
  return found;
}

/**
 * A `fetch` that carries the Connect client's request to main over the preload bridge and turns
 * main's answer back into a Response. Only what unary Connect sends is supported: POST with a
 * byte body.
 */
async function fetchOverBridge(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const body = init?.body;
  if (!(body instanceof Uint8Array))
    throw new TypeError(`desktop transport: ${url.pathname} needs a byte body (unary POST)`);
  const signal = init?.signal;
  signal?.throwIfAborted();
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
  const answer = bridge().request({ path: url.pathname, headers, body });
  // IPC cannot be cancelled; an aborted call (timeout, unmounted view) stops waiting for it.
  const res = signal
    ? await Promise.race([
        answer,
        new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        ),
      ])
    : await answer;
  return new Response(new Uint8Array(res.body), { status: res.status, headers: res.headers });
}

/** The renderer's Connect transport in the desktop app: the same client as against `jobindex serve`, over IPC. */
export function createTransport(): Transport {
  // Binary, like the browser build's transport: smaller and cheaper to decode than JSON.
  return createConnectTransport({
    baseUrl: `${APP_SCHEME}://${APP_HOST}`,
    useBinaryFormat: true,
    fetch: fetchOverBridge,
  });
}
