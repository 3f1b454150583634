import { LRUCache } from 'lru-cache';

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

// Request headers that change the bytes of an answer (format, compression).
const VARY = [
  'content-type',
  'connect-protocol-version',
  'accept-encoding',
  'connect-accept-encoding',
  'content-encoding',
  'connect-content-encoding',
];

export class ResponseCache {
  private readonly entries: LRUCache<string, CachedAnswer>;
  /** The data version the entries were computed from. */
  private version: string | number;

  constructor(private readonly opts: ResponseCacheOptions) {
    const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.version = opts.version();
    this.entries = new LRUCache({
      maxSize: maxBytes,
      maxEntrySize: maxBytes / 16,
      sizeCalculation: (a) => Math.max(1, a.body.byteLength),
      ttl: opts.ttlMs ?? 60_000,
      // Read the clock at every lookup (the default caches it for a millisecond).
      ttlResolution: 0,
      ...(opts.now ? { perf: { now: opts.now } } : {}),
    });
  }

  /** The key of a request: path, the headers that shape the answer, and the body bytes. */
  static keyOf(path: string, header: (name: string) => string | undefined, body: Uint8Array): string {
    return `${path}\n${VARY.map((h) => header(h) ?? '').join('\n')}\n${Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64')}`;
  }

  get(key: string): CachedAnswer | undefined {
    const version = this.opts.version();
    // New data (a sync committed): every answer kept is for the old data.
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    return this.entries.get(key);
  }

  /** Keeps a successful answer; errors are not cached (they are cheap and may be transient). */
  put(key: string, answer: CachedAnswer): void {
    if (answer.status === 200 && this.opts.version() === this.version) this.entries.set(key, answer);
  }

  get size(): number {
    return this.entries.size;
  }
}
