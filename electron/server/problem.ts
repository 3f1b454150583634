import { ERROR_CODES, type ErrorCode } from '#shared/rules/error-codes';
import type { RestResponse } from './rest-handler.js';

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
