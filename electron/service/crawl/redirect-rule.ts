import { isIP } from 'node:net';
import type { BoardRef } from '#shared/rules/board-ref';
import type { PlatformAdapter } from './platforms/platform.js';

/** IPv4/IPv6 literals a board must never send the crawler to: loopback, private, link-local, unspecified. */
export function isInternalAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v = isIP(h);
  if (v === 4) {
    const [a, b] = h.split('.').map(Number) as [number, number];
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (v === 6) {
    if (h === '::1' || h === '::') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h)?.[1];
    if (mapped) return isInternalAddress(mapped);
    // URL writes an IPv4-mapped address in hex (::ffff:7f00:1).
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
    if (hex) {
      const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
      return isInternalAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
    }
    return /^f[cd]/.test(h) || /^fe[89ab]/.test(h);
  }
  return false;
}

/** Redirects followed for one request, at most (the crawl's and the probe's). */
export const MAX_REDIRECTS = 5;

/** The registrable domain of a platform's API host: its last two labels (boards-api.greenhouse.io → greenhouse.io). */
function domainOf(base: string): string {
  return new URL(base).hostname.split('.').slice(-2).join('.');
}

/**
 * Where a board's answers may redirect the crawler (docs/decisions/crawl.md § Redirects): the
 * platform's own hosts (its domain and subdomains, https or http) and the host `--api-base` names;
 * never a loopback, private or link-local address unless `--api-base` itself points there.
 * Returns why a target is refused, or undefined when it may be followed.
 */
export function redirectRule(
  adapter: PlatformAdapter,
  board: BoardRef,
  override: string | undefined,
): (target: URL) => string | undefined {
  return hostRedirectRule(board.platform, adapter.apiBase(board), override);
}

/** The same rule from the platform's own API base (`platformBase`), for readers without an adapter (board-probe). */
export function hostRedirectRule(
  platform: string,
  platformBase: string,
  override: string | undefined,
): (target: URL) => string | undefined {
  const domain = domainOf(platformBase);
  const named = override ? new URL(override).host : undefined;
  return (target) => {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return `not an http(s) URL`;
    if (named && target.host === named) return undefined;
    if (isInternalAddress(target.hostname)) return 'a loopback, private or link-local address';
    const host = target.hostname.toLowerCase();
    if (host === domain || host.endsWith(`.${domain}`)) return undefined;
    return `not a host of ${platform} (${domain})`;
  };
}
