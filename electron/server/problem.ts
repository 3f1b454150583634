import type { RestResponse } from './rest-handler.js';

/** The spec's status codes: each error code with its one HTTP status and problem title. */
export const ERROR_CODES = {
  invalid_request: { status: 400, title: 'Invalid request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'Conflict' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal error' },
  not_implemented: { status: 501, title: 'Not implemented' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The spec's problem format (`application/problem+json`) for account-scoped REST errors. */
export interface Problem {
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  details?: Record<string, unknown>;
  request_id?: string;
}

export function problemResponse(p: Problem, headers: Record<string, string> = {}): RestResponse {
  return {
    status: p.status,
    headers: { 'content-type': 'application/problem+json', ...headers },
    body: JSON.stringify(p),
  };
}

/** A problem for one of the spec's codes; status and title come from the table above. */
export function problemFor(
  code: ErrorCode,
  detail: string,
  where: { instance: string; request_id: string; details?: Record<string, unknown> },
  headers: Record<string, string> = {},
): RestResponse {
  return problemResponse({ ...ERROR_CODES[code], detail, code, ...where }, headers);
}
