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
