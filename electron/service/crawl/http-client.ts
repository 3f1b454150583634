import type { CountedBytes } from '../net/capped-body.js';
import { DEFAULT_RETRY, retryingFetch, takeBody, type RetryPolicy } from '../net/retrying-fetch.js';
import { heapRelief } from '../net/heap-relief.js';
import { MAX_REDIRECTS } from './redirect-rule.js';

const decoder = new TextDecoder();

/**
 * The answer's text, its bytes out of reach when this returns; or its bytes as they are, from
 * `keepBytesFrom` bytes on (read as a stream: streamed-listing.ts).
 */
async function bodyOf(res: Response, keepBytesFrom = Infinity): Promise<{ text: string } | { bytes: Uint8Array }> {
  const bytes = takeBody(res);
  if (bytes && bytes.byteLength >= keepBytesFrom) return { bytes };
  return { text: bytes ? decoder.decode(bytes) : await res.text() };
}

/** An answer not used (a redirect, an error status): its bytes are given back to the budget. */
async function drop(res: Response, counted?: CountedBytes): Promise<void> {
  const bytes = takeBody(res);
  if (bytes) counted?.give(bytes.byteLength);
  await res.body?.cancel();
}

/** Names the app to the boards' operators (docs/decisions/crawl.md § Politeness). */
export const CRAWL_USER_AGENT = 'JobIndexDesktop/0.1 (+https://github.com/job-index-desktop; job board crawler)';

/** A crawl retries less than sync: a board that fails is simply read again at the next crawl. */
export const CRAWL_RETRY: RetryPolicy = { ...DEFAULT_RETRY, timeoutMs: 20_000, retries: 2, maxRetryAfterMs: 60_000 };

/** Why a board could not be read; the board's state shows it and nothing is expired. */
export class BoardReadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BoardReadError';
  }
}

/**
 * The servers a host shares: each Workday tenant has its own name (`nvidia.wd5.myworkdayjobs.com`)
 * on its shard's servers, which answer thousands of employers, so the per-host limit holds per
 * shard (`wd5.myworkdayjobs.com`). Any other host is its own.
 */
export function gateKey(host: string): string {
  const workday = /^[^.]+\.((?:impl-)?wd\d+\.myworkdayjobs\.com)(?::\d+)?$/i.exec(host);
  return workday ? workday[1]!.toLowerCase() : host;
}

/** At most `limit` requests in flight per host; the rest wait their turn in order. */
class HostGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export interface CrawlHttpOptions {
  concurrencyPerHost: number;
  retry: RetryPolicy;
  signal?: AbortSignal;
  onRetry?: () => void;
}

/** GETs JSON with per-host concurrency, retries with backoff and Retry-After, and timeouts. */
export class CrawlHttp {
  private readonly gates = new Map<string, HostGate>();
  private readonly fetch: ReturnType<typeof retryingFetch>;

  constructor(private readonly opts: CrawlHttpOptions) {
    this.fetch = retryingFetch(opts.retry, {
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
    });
  }

  /**
   * `redirects` judges each redirect's target (redirect-rule.ts): why it is refused, or undefined
   * to follow it. Without one, no redirect is followed. `counted` counts the answer's bytes against
   * the run's budget (body-budget.ts): its board's lease.
   */
  getJson(url: string, redirects?: (target: URL) => string | undefined, counted?: CountedBytes): Promise<unknown> {
    return this.request(
      url,
      { headers: { 'user-agent': CRAWL_USER_AGENT, accept: 'application/json' } },
      redirects,
      counted,
    );
  }

  /** POSTs a JSON body and reads JSON back (Workday's listing), under the same gate and retries. */
  postJson(
    url: string,
    body: unknown,
    redirects?: (target: URL) => string | undefined,
    counted?: CountedBytes,
  ): Promise<unknown> {
    return this.request(
      url,
      {
        method: 'POST',
        headers: { 'user-agent': CRAWL_USER_AGENT, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      redirects,
      counted,
    );
  }

  /**
   * A listing's raw answer, asked conditionally when `validators` hold what the board answered last
   * (If-None-Match, If-Modified-Since): `notModified` when the platform says it has not changed, else
   * the text unparsed (the crawl hashes it before deciding whether to parse it: board-answer.ts),
   * or from `keepBytesFrom` bytes on, the bytes undecoded.
   */
  async getAnswer(
    url: string,
    opts: { accept: string; post?: unknown; validators?: Validators; keepBytesFrom?: number },
    redirects?: (target: URL) => string | undefined,
    counted?: CountedBytes,
  ): Promise<RawAnswer> {
    const headers: Record<string, string> = { 'user-agent': CRAWL_USER_AGENT, accept: opts.accept };
    if (opts.validators?.etag) headers['if-none-match'] = opts.validators.etag;
    if (opts.validators?.lastModified) headers['if-modified-since'] = opts.validators.lastModified;
    const init: RequestInit =
      opts.post === undefined
        ? { headers }
        : {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(opts.post),
          };
    return this.fetchText(url, init, redirects, opts.validators !== undefined, counted, opts.keepBytesFrom);
  }

  private async request(
    url: string,
    init: RequestInit,
    redirects?: (target: URL) => string | undefined,
    counted?: CountedBytes,
  ): Promise<unknown> {
    const answer = await this.fetchText(url, init, redirects, false, counted);
    return parseJson(answer.text ?? '', answer.status);
  }

  private async fetchText(
    url: string,
    init: RequestInit,
    redirects: ((target: URL) => string | undefined) | undefined,
    conditional: boolean,
    counted?: CountedBytes,
    keepBytesFrom?: number,
  ): Promise<RawAnswer> {
    const host = gateKey(new URL(url).host);
    let gate = this.gates.get(host);
    if (!gate) this.gates.set(host, (gate = new HostGate(this.opts.concurrencyPerHost)));
    return gate.run(async () => {
      let res: Response;
      let current = url;
      for (let hops = 0; ; hops++) {
        try {
          // Redirects are ours to judge: fetch's own would follow a board to any host.
          res = await this.fetch(current, { ...init, redirect: 'manual', ...(counted ? { counted } : {}) });
        } catch (e) {
          this.opts.signal?.throwIfAborted();
          throw new BoardReadError(e instanceof Error ? e.message : String(e));
        }
        if (res.status === 304 && conditional) {
          await drop(res, counted);
          return { status: 304, notModified: true };
        }
        const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
        if (location === null) break;
        await drop(res, counted);
        let target: URL;
        try {
          target = new URL(location, current);
        } catch {
          throw new BoardReadError(`HTTP ${res.status} to an unreadable location`, res.status);
        }
        const refused = redirects ? redirects(target) : 'redirects are not followed here';
        if (refused)
          throw new BoardReadError(
            `HTTP ${res.status} redirect to ${target.origin} not followed: ${refused}`,
            res.status,
          );
        if (hops >= MAX_REDIRECTS) throw new BoardReadError(`more than ${MAX_REDIRECTS} redirects`, res.status);
        current = target.href;
      }
      if (!res.ok) {
        await drop(res, counted);
        throw new BoardReadError(`HTTP ${res.status}`, res.status);
      }
      // The body is already whole and within the answer limit (retryingFetch reads it capped).
      // Decoded from the bytes as read (no copy into a Response first); they are let go before
      // parsing, so the body is held as bytes or as text, and only the parse's result outlives it.
      try {
        const body = await bodyOf(res, keepBytesFrom);
        // The answer's bytes are garbage now (a collection, if due, finds the text alone).
        if ('text' in body) heapRelief.letGo(body.text.length);
        const etag = res.headers.get('etag') ?? undefined;
        const lastModified = res.headers.get('last-modified') ?? undefined;
        return {
          status: res.status,
          ...body,
          ...(etag || lastModified
            ? { validators: { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) } }
            : {}),
        };
      } catch (e) {
        if (e instanceof RangeError) throw new BoardReadError(`answer too large to read (${e.message})`, res.status);
        throw new BoardReadError(`unreadable answer (${e instanceof Error ? e.message : String(e)})`, res.status);
      }
    });
  }
}

/** What a board's answer carried for a conditional request next time. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

/** A listing as it came: the text (or a large one's bytes), or the platform's word that it has not changed (304). */
export interface RawAnswer {
  status: number;
  text?: string;
  bytes?: Uint8Array;
  notModified?: true;
  validators?: Validators;
}

/** A JSON answer parsed, or a BoardReadError saying why it could not be. */
export function parseJson(text: string, status?: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    if (e instanceof RangeError) throw new BoardReadError(`answer too large to read (${e.message})`, status);
    throw new BoardReadError(`malformed JSON (${text.length} bytes; truncated or not JSON)`, status);
  }
}
