import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { FieldError } from '#shared/rules/field-error';

/** Where a page ended: the sort keys of its last row, by name. */
export type CursorPosition = Record<string, number | string | undefined>;

interface Payload {
  v: 1;
  /** Digest of the query the cursor belongs to. */
  q: string;
  /** The position. */
  p: CursorPosition;
}

const MAC_BYTES = 16;

// base64url's last character can carry unused bits: "…Q" and "…R" may decode to the same bytes.
// Only the exact encoding we issued is accepted, so no edited cursor passes.
function canonical(part: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;
}

/** A stable digest of everything that defines a result set (not limit, not cursor). */
export function queryDigest(query: unknown): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 16);
}

/**
 * Opaque keyset cursors: base64url(JSON) + HMAC, so a forged or edited cursor is refused, and
 * one from another query (different text, filters or sort) is refused too.
 */
export class CursorCodec {
  constructor(private readonly secret: Buffer) {}

  encode(pos: CursorPosition, digest: string): string {
    const body = Buffer.from(JSON.stringify({ v: 1, q: digest, p: pos } satisfies Payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The position, after checking signature and query; `valid` checks its shape. */
  decode<T extends CursorPosition>(
    cursor: string,
    digest: string,
    field: string,
    valid: (p: CursorPosition) => p is T,
  ): T {
    const [body, mac, extra] = cursor.split('.');
    if (!body || !mac || extra !== undefined || !canonical(body) || !canonical(mac) || !this.verify(body, mac)) {
      throw new FieldError(field, 'is not a cursor this service issued');
    }
    let p: Payload;
    try {
      p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    } catch {
      throw new FieldError(field, 'is not a cursor this service issued');
    }
    if (p.v !== 1 || typeof p.p !== 'object' || p.p === null || !valid(p.p)) {
      throw new FieldError(field, 'is not a cursor this service issued');
    }
    if (p.q !== digest)
      throw new FieldError(field, 'belongs to a different query, filters or sort; start again without it');
    return p.p;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest().subarray(0, MAC_BYTES).toString('base64url');
  }

  private verify(body: string, mac: string): boolean {
    const want = Buffer.from(this.mac(body), 'base64url');
    const got = Buffer.from(mac, 'base64url');
    return got.length === want.length && timingSafeEqual(got, want);
  }
}
