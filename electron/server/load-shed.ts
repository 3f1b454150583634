/**
 * Load shedding for `jobindex serve` (docs/decisions/load-shedding.md): when the server cannot
 * keep up, an RPC is answered 503 `service_unavailable` with `Retry-After` at once, rather than
 * queued without bound and answered seconds late.
 *
 * Every query runs on the one JavaScript thread (SQLite calls are synchronous) and waits for its
 * turn in the server's FIFO (turn-queue.ts). A request is refused on arrival when the requests
 * already queued would take more than `maxWaitMs`; when it still waited more than `maxWaitMs` by
 * its turn; and beyond `maxInFlight` at once (a bound on memory). One long operation holding the
 * thread (a crawl's write in `serve --user-data`) is not overload: what arrived meanwhile is served
 * in order after it, not refused.
 */
export interface LoadShedOptions {
  /** The longest a request may wait for its turn before it is refused (default 1000 ms). */
  maxWaitMs?: number;
  /** Requests admitted and not yet answered (default 512). */
  maxInFlight?: number;
  /** `Retry-After` in seconds (default 1). */
  retryAfterSeconds?: number;
}

export class LoadShedder {
  readonly maxWaitMs: number;
  readonly maxInFlight: number;
  readonly retryAfterSeconds: number;
  private inFlight = 0;

  constructor(o: LoadShedOptions = {}) {
    this.maxWaitMs = o.maxWaitMs ?? 1000;
    this.maxInFlight = o.maxInFlight ?? 512;
    this.retryAfterSeconds = o.retryAfterSeconds ?? 1;
  }

  /**
   * At arrival, given how long the requests already queued will take (turn-queue.ts): undefined
   * admits the request (call `release` when it is answered); else why not.
   */
  admit(queuedMs = 0): string | undefined {
    if (queuedMs > this.maxWaitMs)
      return `the service is overloaded (about ${Math.round(queuedMs)} ms of requests queued); try again shortly`;
    if (this.inFlight >= this.maxInFlight)
      return `the service is overloaded (${this.inFlight} requests in progress); try again shortly`;
    this.inFlight++;
    return undefined;
  }

  release(): void {
    this.inFlight--;
  }

  /** Just before the work: why a request that arrived at `arrivedAt` (performance.now()) is refused now, if it is. */
  overdue(arrivedAt: number): string | undefined {
    const waited = performance.now() - arrivedAt;
    return waited > this.maxWaitMs
      ? `the service is overloaded (this request waited ${Math.round(waited)} ms); try again shortly`
      : undefined;
  }

  /** The header that goes with a refusal. */
  retryAfter(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}
