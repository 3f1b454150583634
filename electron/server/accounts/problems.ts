import type { ErrorCode } from '#shared/rules/error-codes';
import { problemFor } from '../problem.js';
import type { RestRequest, RestResponse } from '../rest-handler.js';

/** The problems the account endpoints answer (a subset of the spec's codes). */
export type ProblemCode = Extract<
  ErrorCode,
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
>;

/** The detail of every 429 of the auth endpoints, exactly as the spec words it. */
export const RATE_LIMITED_DETAIL = 'too many authentication attempts';

export function problem(
  req: RestRequest,
  code: ProblemCode,
  detail: string,
  opts: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
): RestResponse {
  return problemFor(
    code,
    detail,
    { instance: req.path, request_id: req.requestId, ...(opts.details ? { details: opts.details } : {}) },
    opts.headers,
  );
}

/** 400 naming a field: `details: { field }`. */
export function fieldProblem(req: RestRequest, field: string, message: string): RestResponse {
  return problem(req, 'invalid_request', `${field}: ${message}`, { details: { field } });
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): RestResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
