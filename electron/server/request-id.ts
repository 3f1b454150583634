import { randomUUID } from 'node:crypto';

// A client's id is echoed only when it is a plain token: it lands in logs and headers, so no
// spaces, quotes or control characters, and nothing long enough to bloat every log line.
const SANE = /^[A-Za-z0-9._:+/=-]{1,200}$/;

/** The request id of a request: the client's `X-Request-ID` if sane, else a fresh uuid. */
export function requestIdFor(header: string | string[] | undefined): string {
  const sent = Array.isArray(header) ? header[0] : header;
  return sent !== undefined && SANE.test(sent) ? sent : randomUUID();
}
