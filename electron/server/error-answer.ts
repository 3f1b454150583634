import type { ServerResponse } from 'node:http';
import { ERROR_CODES, problemFor, type ErrorCode } from './problem.js';

/** Which error shape a path gets: the spec has one for RPCs and one for `/v1/` REST. */
export type PathKind = 'rpc' | 'rest' | 'other';

// `/<package>.<Service>/<Method>`, e.g. `/svc.jobs.v1.JobsService/List`.
const RPC_PATH = /^\/[A-Za-z_]\w*(\.[A-Za-z_]\w*)+\/[A-Za-z_]\w*$/;

export function pathKind(path: string): PathKind {
  if (path === '/v1' || path.startsWith('/v1/')) return 'rest';
  return RPC_PATH.test(path) ? 'rpc' : 'other';
}

export interface ErrorAnswer {
  code: ErrorCode;
  message: string;
  headers?: Record<string, string>;
}

/**
 * Writes an error the server itself decides (not a service's): the Connect envelope
 * `{code, message}` for RPC and other paths, problem+json under `/v1/`.
 */
export function writeError(res: ServerResponse, kind: PathKind, path: string, requestId: string, e: ErrorAnswer): void {
  let type = 'application/json';
  let body: string;
  const { status } = ERROR_CODES[e.code];
  if (kind === 'rest') {
    const p = problemFor(e.code, e.message, { instance: path, request_id: requestId });
    type = String(p.headers['content-type']);
    body = String(p.body);
  } else {
    body = JSON.stringify({ code: e.code, message: e.message });
  }
  res.writeHead(status, {
    ...e.headers,
    'Content-Type': type,
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}
