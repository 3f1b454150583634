import { Code, ConnectError, type Transport } from '@connectrpc/connect';

/** A Retry-After longer than this is not waited out here: the screen says so instead. */
const MAX_WAIT_S = 2;
/** Tries in all, the first included. */
const TRIES = 3;

/** Seconds to wait before asking again: only for `unavailable` the service sent with a short Retry-After. */
function retryAfter(e: unknown): number | undefined {
  if (!(e instanceof ConnectError) || e.code !== Code.Unavailable) return undefined;
  const v = e.metadata.get('retry-after');
  if (v === null || !/^\d+$/.test(v.trim())) return undefined;
  const s = Number(v);
  return s <= MAX_WAIT_S ? s : undefined;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    };
    const stop = () => {
      done();
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Asks again, after its Retry-After, when the service answered that it is overloaded (503 with a
 * short Retry-After: `serve` refuses such a request before doing any of it, so asking again is
 * safe for writes too). A person sees the answer a second later instead of an error.
 */
export function retryingOverloaded(t: Transport, sleep: typeof pause = pause): Transport {
  return {
    async unary(method, signal, timeoutMs, header, input, contextValues) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await t.unary(method, signal, timeoutMs, header, input, contextValues);
        } catch (e) {
          const wait = retryAfter(e);
          if (wait === undefined || attempt >= TRIES) throw e;
          await sleep(wait * 1000, signal);
        }
      }
    },
    stream: (...args) => t.stream(...args),
  };
}
