import { ConnectError, type Interceptor } from '@connectrpc/connect';
import { codeToHttpStatus } from '@connectrpc/connect/protocol-connect';

/** Told about an exception a service did not mean to throw, with the request's headers. */
export type OnUnexpected = (error: unknown, header: Headers) => void;

/**
 * Connect answers any non-ConnectError as `internal` with a generic message and drops the
 * exception; this hands it (and any ConnectError answered 500) to the transport first, which logs it with the request id.
 */
export function unexpectedErrors(onUnexpected: OnUnexpected): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (e) {
      if (!(e instanceof ConnectError) || codeToHttpStatus(e.code) === 500) onUnexpected(e, req.header);
      throw e;
    }
  };
}
