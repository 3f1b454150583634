import { problemResponse } from '../server/problem.js';
import type { RestRequest, RestResponse } from '../server/rest-handler.js';

// The problems the account endpoints answer, each code with its one title and status.

const KINDS = {
  invalid_request: { status: 400, title: 'Invalid request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal error' },
} as const;

export type ProblemCode = keyof typeof KINDS;

/** The detail of every 429 of the auth endpoints, exactly as the spec words it. */
export const RATE_LIMITED_DETAIL = 'too many authentication attempts';

export function problem(
  req: RestRequest,
  code: ProblemCode,
  detail: string,
  opts: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
): RestResponse {
  const { status, title } = KINDS[code];
  return problemResponse(
    { title, status, detail, code, instance: req.path, ...(opts.details ? { details: opts.details } : {}), request_id: req.requestId },
    opts.headers,
  );
}

/** 400 naming a field: `details: { field }`. */
export function fieldProblem(req: RestRequest, field: string, message: string): RestResponse {
  return problem(req, 'invalid_request', `${field}: ${message}`, { details: { field } });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string | string[]> = {}): RestResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
