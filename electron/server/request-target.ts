import type { IncomingMessage } from 'node:http';

/**
 * The path of a request target without its query: origin-form (`/a/b?x`) as most clients send
 * it, or absolute-form (`http://host/a/b`), which a server must accept too (RFC 9112 § 3.2.2).
 */
export function requestPath(target: string | undefined): string {
  const t = target ?? '/';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) {
    try {
      return new URL(t).pathname;
    } catch {
      return t.split('?')[0]!;
    }
  }
  return t.split('?')[0]!;
}

/**
 * HTTP/1.0 may leave out Host; Connect builds the request's URL from it and fails without one,
 * so the address the request came in on stands in for it.
 */
export function ensureHost(req: IncomingMessage): void {
  if (req.headers.host) return;
  const a = req.socket.localAddress ?? '127.0.0.1';
  req.headers.host = `${a.includes(':') ? `[${a}]` : a}:${req.socket.localPort ?? ''}`;
}
