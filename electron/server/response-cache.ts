/**
 * Answers of the read RPCs, kept by request bytes. The same List or Get asked again (the first
 * page of a popular search, a job many people open) is written from memory instead of asking
 * SQLite again. An entry is only good for the data it was computed from: `version()` (the
 * index's `PRAGMA data_version`, which moves whenever another connection commits, e.g. a sync)
 * is part of every lookup, and a short TTL bounds answers that depend on the clock (a job
 * expired 30 days ago turns `not_found`).
 */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface ResponseCacheOptions {
  /** Total body bytes kept; the least recently used go first. */
  maxBytes?: number;
  ttlMs?: number;
  /** Changes whenever the data behind the answers changes. */
  version: () => string | number;
  now?: () => number;
}

interface Entry extends CachedAnswer {
  version: string | number;
  expiresAt: number;
}

// Request headers that change the bytes of an answer (format, compression).
const VARY = ['content-type', 'connect-protocol-version', 'accept-encoding', 'connect-accept-encoding', 'content-encoding', 'connect-content-encoding'];

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(private readonly opts: ResponseCacheOptions) {
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** The key of a request: path, the headers that shape the answer, and the body bytes. */
  static keyOf(path: string, header: (name: string) => string | undefined, body: Uint8Array): string {
    return `${path}\n${VARY.map((h) => header(h) ?? '').join('\n')}\n${Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64')}`;
  }

  get(key: string): CachedAnswer | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.now() || e.version !== this.opts.version()) {
      this.drop(key, e);
      return undefined;
    }
    // Re-insert: Map order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  /** Keeps a successful answer; errors are not cached (they are cheap and may be transient). */
  put(key: string, answer: CachedAnswer): void {
    if (answer.status !== 200 || answer.body.byteLength > this.maxBytes / 16) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { ...answer, version: this.opts.version(), expiresAt: this.now() + this.ttlMs });
    this.bytes += answer.body.byteLength;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.body.byteLength;
  }
}
