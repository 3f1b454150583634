import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { STORAGE_CODE_HEADER } from '../rpc/storage-code.js';
import { isBusy } from './busy.js';
import { INDEX_FILE, USER_FILE } from './file-kinds.js';
import { diskFullMessage, isDiskFull, writableFile } from './writable-files.js';

/** The index's services; every other one writes the user's file. */
const INDEX_SERVICES = /^svc\.(jobs|companies|meta|spelling)\./;

/** Seconds a client is told to wait when another process holds a data file's write lock. */
export const BUSY_RETRY_AFTER_S = 2;

/**
 * A data file's write lock still held by another process after the busy timeout (a crawl, a
 * second `serve` on the same user file) is `unavailable` with Retry-After, never `internal`:
 * the request is sound and will succeed once the other writer is done. A full disk is
 * `insufficient_storage` (507) naming the file; nothing was written, reading goes on.
 */
export const storageErrors: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (e) {
    if (isBusy(e)) {
      throw new ConnectError(
        'the data file is being written by another process; try again in a moment',
        Code.Unavailable,
        new Headers({ 'retry-after': String(BUSY_RETRY_AFTER_S) }),
        undefined,
        e,
      );
    }
    const file = writableFile(INDEX_SERVICES.test(req.service.typeName) ? INDEX_FILE.name : USER_FILE.name);
    if (isDiskFull(e, file)) {
      throw new ConnectError(
        diskFullMessage(file),
        Code.ResourceExhausted,
        new Headers({ [STORAGE_CODE_HEADER]: 'insufficient_storage' }),
        undefined,
        e,
      );
    }
    throw e;
  }
};
