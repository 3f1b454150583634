import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { isBusy } from '../sqlite/busy.js';

/** Seconds a client is told to wait when another process holds a data file's write lock. */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * A data file's write lock still held by another process after the busy timeout (a crawl, a
 * second `serve` on the same user file) is `unavailable` with Retry-After, never `internal`:
 * the request is sound and will succeed once the other writer is done.
 */
export const storageErrors: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (e) {
    if (isBusy(e)) {
      throw new ConnectError('the data file is being written by another process; try again in a moment', Code.Unavailable, new Headers({ 'retry-after': String(BUSY_RETRY_AFTER_S) }), undefined, e);
    }
    throw e;
  }
};
