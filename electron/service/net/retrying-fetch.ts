import { setTimeout as delay } from 'node:timers/promises';
import { exponentialBackoff } from './backoff.js';
import { AnswerTooLarge, DEFAULT_MAX_ANSWER_MB, MB, readCapped, type CountedBytes } from './capped-body.js';

/** Timeouts and retries for every request sync makes (docs/decisions/sync.md § Politeness). */
export interface RetryPolicy {
  /** One attempt, headers and whole body, must finish within this. */
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** Backoff: base · 2^attempt, capped, with full jitter on its upper half. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `Retry-After` honoured; a longer one is waited this long. */
  maxRetryAfterMs: number;
  /** One answer's body, decompressed, at most this many bytes (capped-body.ts; default 64 MB). */
  maxBodyBytes?: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  timeoutMs: 30_000,
  retries: 6,
  baseDelayMs: 250,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 600_000,
  maxBodyBytes: DEFAULT_MAX_ANSWER_MB * MB,
};

export interface RetryInfo {
  attempt: number;
  reason: string;
  delayMs: number;
}

// 502/504 are what a proxy in front of the upstream says for the same conditions as 503.
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const v = header.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function backoffMs(policy: RetryPolicy, attempt: number, random = Math.random): number {
  return exponentialBackoff(attempt, policy.baseDelayMs, policy.maxDelayMs, random);
}

/** Waits `ms`; a cancelled wait rejects with the signal's own reason, as a cancelled fetch does. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return delay(ms, undefined, signal ? { signal } : {}).catch((e: unknown) => {
    throw signal?.aborted ? signal.reason : e;
  });
}

/** A request's options here: `counted` counts its body against a run's budget (body-budget.ts). */
export type CountedInit = RequestInit & { counted?: CountedBytes };

const heldBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/**
 * The body of an answer to a `counted` request, handed over once: such an answer carries no body
 * stream, so its bytes are not copied into one (a Response copies what it is given).
 */
export function takeBody(res: Response): Uint8Array<ArrayBuffer> | undefined {
  const body = heldBodies.get(res);
  heldBodies.delete(res);
  return body;
}

/**
 * A `fetch` for the Connect transport that retries network errors, timeouts, 500, 502, 503, 504
 * and 429, waiting `Retry-After` on 429/503 and exponential backoff with jitter otherwise. The
 * body is read inside the attempt, so a connection dropped mid-body is retried too. Every sync
 * request is a read, so repeating one is safe.
 */
export function retryingFetch(
  policy: RetryPolicy,
  opts: { signal?: AbortSignal; onRetry?: (info: RetryInfo) => void; fetch?: typeof fetch } = {},
): (input: string | URL | Request, init?: CountedInit) => Promise<Response> {
  const inner = opts.fetch ?? globalThis.fetch;
  return async (input, init) => {
    const counted = init?.counted;
    for (let attempt = 0; ; attempt++) {
      const callerSignals = [opts.signal, init?.signal ?? undefined].filter((s): s is AbortSignal => !!s);
      for (const s of callerSignals) s.throwIfAborted();
      // One controller per attempt (AbortSignal.timeout/any cost ~0.3 ms each, per request).
      const attemptAbort = new AbortController();
      let timedOut = false;
      const arm = () =>
        setTimeout(() => {
          timedOut = true;
          attemptAbort.abort(new Error(`timeout after ${policy.timeoutMs} ms`));
        }, policy.timeoutMs);
      let timer = arm();
      // Waiting for the run's byte budget is not the server's slowness: the clock stops meanwhile.
      const onWait = (waiting: boolean) => {
        clearTimeout(timer);
        if (!waiting) timer = arm();
      };
      const relay = () => attemptAbort.abort(callerSignals.find((s) => s.aborted)?.reason);
      for (const s of callerSignals) s.addEventListener('abort', relay, { once: true });
      const signal = attemptAbort.signal;
      let reason: string;
      let wait: number | undefined;
      const done = () => {
        clearTimeout(timer);
        for (const s of callerSignals) s.removeEventListener('abort', relay);
      };
      try {
        const { counted: _, ...plain } = init ?? {};
        const res = await inner(input, { ...plain, signal });
        const limit = policy.maxBodyBytes ?? DEFAULT_MAX_ANSWER_MB * MB;
        const body = await readCapped(res, limit, counted, onWait).finally(done);
        if (!RETRY_STATUSES.has(res.status) || attempt >= policy.retries) {
          const empty = res.status === 204 || res.status === 304;
          const out = new Response(empty || counted ? null : body, {
            status: res.status,
            statusText: res.statusText,
            headers: res.headers,
          });
          if (counted && !empty) heldBodies.set(out, body);
          return out;
        }
        counted?.give(body.byteLength);
        reason = `HTTP ${res.status}`;
        if (res.status === 429 || res.status === 503) {
          const after = retryAfterMs(res.headers.get('retry-after'));
          if (after !== undefined) wait = Math.min(after, policy.maxRetryAfterMs);
        }
      } catch (e) {
        done();
        if (callerSignals.some((s) => s.aborted)) throw e;
        // The same request would get the same oversized answer: no retry.
        if (e instanceof AnswerTooLarge) throw e;
        if (attempt >= policy.retries) {
          throw timedOut
            ? new Error(`upstream did not answer within ${policy.timeoutMs} ms (${policy.retries + 1} attempts)`)
            : e;
        }
        reason = timedOut
          ? `timeout after ${policy.timeoutMs} ms`
          : `network error: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`;
      }
      const delayMs = wait ?? backoffMs(policy, attempt);
      opts.onRetry?.({ attempt: attempt + 1, reason, delayMs });
      await sleep(delayMs, opts.signal);
    }
  };
}
