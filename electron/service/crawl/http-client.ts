import { DEFAULT_RETRY, retryingFetch, type RetryPolicy } from '../net/retrying-fetch.js';

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
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: CrawlHttpOptions) {
    this.fetch = retryingFetch(opts.retry, { ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.onRetry ? { onRetry: opts.onRetry } : {}) });
  }

  getJson(url: string): Promise<unknown> {
    return this.request(url, { headers: { 'user-agent': CRAWL_USER_AGENT, accept: 'application/json' } });
  }

  /** POSTs a JSON body and reads JSON back (Workday's listing), under the same gate and retries. */
  postJson(url: string, body: unknown): Promise<unknown> {
    return this.request(url, {
      method: 'POST',
      headers: { 'user-agent': CRAWL_USER_AGENT, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  private async request(url: string, init: RequestInit): Promise<unknown> {
    const host = gateKey(new URL(url).host);
    let gate = this.gates.get(host);
    if (!gate) this.gates.set(host, (gate = new HostGate(this.opts.concurrencyPerHost)));
    return gate.run(async () => {
      let res: Response;
      try {
        res = await this.fetch(url, init);
      } catch (e) {
        this.opts.signal?.throwIfAborted();
        throw new BoardReadError(e instanceof Error ? e.message : String(e));
      }
      const text = await res.text();
      if (!res.ok) throw new BoardReadError(`HTTP ${res.status}`, res.status);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new BoardReadError(`malformed JSON (${text.length} bytes; truncated or not JSON)`, res.status);
      }
    });
  }
}
