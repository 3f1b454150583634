import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { backoffMs, sleep, type RetryInfo, type RetryPolicy } from '../net/retrying-fetch.js';

/**
 * An answer whose body cannot be decoded (cut short with a matching Content-Length, bytes flipped
 * by a proxy): the Connect client's `parse binary:` / `parse json:` error, or the JSON of an error
 * body that does not parse. The upstream did not say anything about the request, so it is a
 * transient fault like a dropped connection.
 */
export function isUndecodable(e: unknown): boolean {
  if (e instanceof SyntaxError) return true;
  return e instanceof ConnectError && e.code === Code.Internal && /^parse (binary|json)\b/.test(e.rawMessage);
}

/**
 * Retries a call whose answer could not be decoded, with the same backoff and limit as
 * `retryingFetch` (which cannot tell: it does not know the message type). Every sync call is a
 * read, so asking again is safe.
 */
export function retryUndecodable(
  policy: RetryPolicy,
  opts: { signal?: AbortSignal; onRetry?: (info: RetryInfo) => void } = {},
): Interceptor {
  return (next) => async (req) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await next(req);
      } catch (e) {
        if (!isUndecodable(e) || attempt >= policy.retries) throw e;
        const delayMs = backoffMs(policy, attempt);
        opts.onRetry?.({
          attempt: attempt + 1,
          reason: `undecodable body: ${e instanceof Error ? e.message : String(e)}`,
          delayMs,
        });
        await sleep(delayMs, opts.signal);
      }
    }
  };
}
