import type { ServerResponse } from 'node:http';
import { specErrorAnswer, type WireAnswer } from '#service/rpc/connect-error';
import type { ErrorCode } from '#shared/rules/error-codes';
import { problemFor } from './problem.js';

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
 * An error the server itself decides (not a service's): the Connect envelope for RPC and other
 * paths, problem+json under `/v1/`.
 */
export function errorAnswer(kind: PathKind, path: string, requestId: string, e: ErrorAnswer): WireAnswer {
  let a: WireAnswer;
  if (kind === 'rest') {
    const p = problemFor(e.code, e.message, { instance: path, request_id: requestId });
    const body = new TextEncoder().encode(String(p.body));
    a = {
      status: p.status,
      headers: { 'content-type': String(p.headers['content-type']), 'content-length': String(body.byteLength) },
      body,
    };
  } else {
    a = specErrorAnswer(e.code, e.message);
  }
  return { ...a, headers: { ...e.headers, ...a.headers } };
}

export function writeError(res: ServerResponse, kind: PathKind, path: string, requestId: string, e: ErrorAnswer): void {
  const a = errorAnswer(kind, path, requestId, e);
  res.writeHead(a.status, a.headers);
  res.end(a.body);
}
