import { randomUUID } from 'node:crypto';

/** The longest client id echoed; a longer one is replaced by a fresh id (docs/decisions/request-id.md). */
export const REQUEST_ID_MAX_CHARS = 1024;

/**
 * The request id of a request: the client's `X-Request-ID` echoed as sent when it is printable
 * ASCII, with only what could break a header or a log line (control characters, non-ASCII)
 * replaced by `_`; a fresh uuid when none (or an empty or over-long one) is sent.
 */
export function requestIdFor(header: string | string[] | undefined): string {
  const sent = Array.isArray(header) ? header[0] : header;
  if (sent === undefined || sent === '' || sent.length > REQUEST_ID_MAX_CHARS) return randomUUID();
  return sent.replace(/[^\x20-\x7e]/g, '_');
}
