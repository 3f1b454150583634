import { LRUCache } from 'lru-cache';

/**
 * Answers of the read RPCs, kept by request bytes. The same List or Get asked again (the first
 * page of a popular search, a job many people open) is written from memory instead of asking
 * SQLite again. An entry is only good for the data it was computed from: `version()` (the
 * index's `PRAGMA data_version`, which moves whenever another connection commits, e.g. a sync)
 * is part of every lookup, and a short TTL bounds answers that depend on the clock (a job
 * expired 30 days ago turns `not_found`).
 *
 * Past its TTL an entry is stale, not gone (docs/decisions/serve-cache.md): the first request
 * refreshes it while the others get the stale answer, so a burst arriving at expiry costs one
 * query, not one each. A refresh that fails (a 5xx, or it threw) leaves the stale answer served
 * until `staleMs` past the TTL; after that the error is answered. A new data version is never
 * served stale: the entries are dropped at once.
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
  /** How long past its TTL an entry may still be answered while it is refreshed (default 60 s). */
  staleMs?: number;
  /** Changes whenever the data behind the answers changes. */
  version: () => string | number;
  now?: () => number;
}

/** What the caller does with a request (`lookup`). */
export type Lookup =
  /** Write this answer: fresh, or stale while another request refreshes it. */
  | { kind: 'answer'; answer: CachedAnswer }
  /** Another request is computing this answer: wait for it (undefined: it failed; compute your own). */
  | { kind: 'follow'; answer: Promise<CachedAnswer | undefined> }
  /** Compute the answer, then `settle` the claim with it (always: followers wait for it). */
  | { kind: 'compute'; claim: Claim };

export interface Claim {
  /** The stale answer this request refreshes, if any. */
  readonly stale: CachedAnswer | undefined;
  /**
   * The computed answer (undefined: computing it threw). Keeps it when it is a success, and
   * returns what to write: the stale answer instead of a failure, while that is allowed.
   */
  settle(answer: CachedAnswer | undefined): CachedAnswer | undefined;
}

interface Entry {
  answer: CachedAnswer;
  storedAt: number;
}

// Request headers that change the bytes of an answer (format, compression), and the person's
// credentials: an answer computed for one person's request is never handed to another's.
const VARY = [
  'content-type',
  'connect-protocol-version',
  'accept-encoding',
  'connect-accept-encoding',
  'content-encoding',
  'connect-content-encoding',
  'cookie',
  'authorization',
];

/** A failure is the server's (5xx) or a throw; a 4xx is the answer (a job gone is `not_found`). */
const failed = (a: CachedAnswer | undefined) => a === undefined || a.status >= 500;

export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Requests computing an answer, by key: a miss's followers wait for it. */
  private readonly computing = new Map<string, Promise<CachedAnswer | undefined>>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** The data version the entries were computed from. */
  private version: string | number;

  constructor(private readonly opts: ResponseCacheOptions) {
    const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.now = opts.now ?? (() => performance.now());
    this.version = opts.version();
    this.entries = new LRUCache({
      maxSize: maxBytes,
      maxEntrySize: maxBytes / 16,
      sizeCalculation: (e) => Math.max(1, e.answer.body.byteLength),
      // Kept while it may still be answered stale; freshness is read from `storedAt`.
      ttl: this.ttlMs + (opts.staleMs ?? 60_000),
      // Read the clock at every lookup (the default caches it for a millisecond).
      ttlResolution: 0,
      perf: { now: this.now },
    });
  }

  /** The key of a request: path, the headers that shape the answer, and the body bytes. */
  static keyOf(path: string, header: (name: string) => string | undefined, body: Uint8Array): string {
    return `${path}\n${VARY.map((h) => header(h) ?? '').join('\n')}\n${Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64')}`;
  }

  /** New data (a sync committed): every answer kept is for the old data. Returns the version. */
  private current(): string | number {
    const version = this.opts.version();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    return version;
  }

  /** A fresh answer, if one is kept. */
  get(key: string): CachedAnswer | undefined {
    this.current();
    const e = this.entries.get(key);
    return e && this.now() - e.storedAt <= this.ttlMs ? e.answer : undefined;
  }

  /** Keeps a successful answer; errors are not cached (they are cheap and may be transient). */
  put(key: string, answer: CachedAnswer): void {
    if (answer.status === 200 && this.opts.version() === this.version) {
      this.entries.set(key, { answer, storedAt: this.now() });
    }
  }

  lookup(key: string): Lookup {
    const version = this.current();
    const e = this.entries.get(key);
    if (e && this.now() - e.storedAt <= this.ttlMs) return { kind: 'answer', answer: e.answer };
    const pending = this.computing.get(key);
    if (pending) return e ? { kind: 'answer', answer: e.answer } : { kind: 'follow', answer: pending };
    return { kind: 'compute', claim: this.claim(key, version, e?.answer) };
  }

  private claim(key: string, version: string | number, stale: CachedAnswer | undefined): Claim {
    let done: (a: CachedAnswer | undefined) => void = () => {};
    const pending = new Promise<CachedAnswer | undefined>((resolve) => (done = resolve));
    this.computing.set(key, pending);
    let settled = false;
    return {
      stale,
      settle: (answer) => {
        if (settled) return answer;
        settled = true;
        if (this.computing.get(key) === pending) this.computing.delete(key);
        const ok = answer?.status === 200;
        done(ok ? answer : undefined);
        if (failed(answer)) {
          // Still inside its stale window (and the data unchanged): answer that rather than the failure.
          return stale && this.current() === version && this.entries.has(key) ? stale : answer;
        }
        // Kept only when computed from the data the cache holds now (a sync may have committed meanwhile).
        if (ok && this.current() === version) this.entries.set(key, { answer, storedAt: this.now() });
        else this.entries.delete(key);
        return answer;
      },
    };
  }

  get size(): number {
    return this.entries.size;
  }
}
