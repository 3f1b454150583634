// The spec's status codes (job-index-service.md § Status codes): each error code with its one HTTP
// status and problem title. Three are ours where the spec has none: 408 for a request that does
// not arrive in time, 415 for a body type or encoding the service does not read, 431 for request
// headers over Node's limit.

export const ERROR_CODES = {
  invalid_request: { status: 400, title: 'Invalid request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  conflict: { status: 409, title: 'Conflict' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  rate_limited: { status: 429, title: 'Too many requests' },
  headers_too_large: { status: 431, title: 'Request header fields too large' },
  internal_error: { status: 500, title: 'Internal error' },
  not_implemented: { status: 501, title: 'Not implemented' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
  insufficient_storage: { status: 507, title: 'Insufficient storage' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The name of a code in the Connect envelope of an RPC path: the spec's `invalid_request` is
 * Connect's `invalid_argument` there (docs/decisions/errors.md); every other code keeps its name.
 */
export function rpcCodeName(code: ErrorCode): string {
  return code === 'invalid_request' ? 'invalid_argument' : code;
}
