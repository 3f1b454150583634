import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { specErrorAnswer } from './connect-error.js';

export interface RawRequest {
  path: string;
  /** Defaults to Connect JSON. */
  contentType?: string;
  headers?: Record<string, string>;
  body: Uint8Array;
  signal?: AbortSignal;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/**
 * One unary request through the router, bytes in and bytes out: what the Electron IPC bridge,
 * in-process tests and benchmarks do with a request (the HTTP server adapts Node's request).
 */
export async function invokeUnary(handlers: Map<string, UniversalHandler>, req: RawRequest): Promise<RawResponse> {
  const h = handlers.get(req.path);
  if (!h) return specErrorAnswer('not_found', `no such method: ${req.path}`);
  const header = new Headers(req.headers);
  header.set('content-type', req.contentType ?? 'application/json');
  const res = await h({
    httpVersion: '1.1',
    url: `http://localhost${req.path}`,
    method: 'POST',
    header,
    body: (async function* () {
      yield req.body;
    })(),
    signal: req.signal ?? new AbortController().signal,
  });
  const chunks: Uint8Array[] = [];
  if (res.body) for await (const c of res.body) chunks.push(c);
  const headers: Record<string, string> = {};
  res.header?.forEach((v, k) => (headers[k] = v));
  return { status: res.status, headers, body: Buffer.concat(chunks) };
}
