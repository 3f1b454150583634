import type { IncomingMessage } from 'node:http';

// Browser mode (`serve --user-data`) answers the person's own data on a loopback port. A web page
// can reach that port by rebinding its own name to 127.0.0.1 (the request then carries the
// attacker's Host) or by posting across origins (the request carries the page's Origin). Both are
// refused here; see docs/decisions/browser-mode-security.md.

export interface RequestGuard {
  /** Adds the address the server is bound to, once it is known. */
  bound(host: string): void;
  /** Why the request is refused (a message naming the header), or undefined when it may go on. */
  refusal(req: IncomingMessage): string | undefined;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a `Host` or origin authority, lower-cased, IPv6 in brackets; undefined when not one. */
export function hostNameOf(authority: string): string | undefined {
  try {
    const u = new URL(`http://${authority}`);
    // `host:port/path` or user info would parse too: an authority is host[:port] only.
    if (u.username || u.password || u.pathname !== '/' || u.search || u.hash) return undefined;
    return u.hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** `extraHosts`: names given with `--allow-host` (a reverse proxy's, a LAN name). */
export function requestGuard(extraHosts: readonly string[] = []): RequestGuard {
  const allowed = new Set([...LOOPBACK_NAMES, ...extraHosts.map((h) => bracketed(h.toLowerCase()))]);
  return {
    bound(host) {
      allowed.add(bracketed(host.toLowerCase()));
    },
    refusal(req) {
      const host = req.headers.host;
      const name = host === undefined ? undefined : hostNameOf(host);
      if (name === undefined || !allowed.has(name)) {
        return `Host: ${JSON.stringify(host ?? '')} is not a name this server answers to; start it with --allow-host NAME to add one`;
      }
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return undefined;
      // Browsers send Origin on every cross-origin POST; a client without one (curl, the CLI) is
      // not a web page. `Origin: null` (sandboxed frames, file:) is refused like a foreign one.
      const origin = req.headers.origin;
      if (origin === undefined) return undefined;
      if (origin !== `http://${host}`)
        return `Origin: ${JSON.stringify(origin)} is not this server's own (http://${host})`;
      return undefined;
    },
  };
}
