import { createHash } from 'node:crypto';
import type { BoardRef } from '#shared/rules/board-ref';

// A fixed namespace for crawled ids, so the same posting gets the same id on every machine.
const NAMESPACE = Buffer.from('6f1c2a7e4b3d4e0f9a8b7c6d5e4f3a2b', 'hex');

/** RFC 4122 version-5 uuid of `name` in the crawl namespace. */
export function uuidV5(name: string): string {
  const h = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Board tokens are case-insensitive on every platform: `Etched` and `etched` are one board. */
function boardName(b: BoardRef): string {
  return `${b.platform}${b.region === 'eu' ? '-eu' : ''}:${b.token.toLowerCase()}`;
}

/** The stable id of a crawled job: platform, board and the platform's posting id. */
export function crawledJobId(board: BoardRef, postingId: string): string {
  return uuidV5(`job:${boardName(board)}:${postingId}`);
}

/** The stable id of the company behind a board. */
export function crawledCompanyId(board: BoardRef): string {
  return uuidV5(`company:${boardName(board)}`);
}
