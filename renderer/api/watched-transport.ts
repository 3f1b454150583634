import { ConnectError, type Transport } from '@connectrpc/connect';
import { describeError, isAbort } from './ui-error.js';

/**
 * An error the service itself sent carries its answer's headers: the service was reached, even
 * when what it reports is that *it* could not reach something (signing in to an unreachable
 * upstream answers `unavailable`). Only an error with no answer at all means we are cut off.
 */
function answered(e: unknown): boolean {
  return e instanceof ConnectError && [...e.metadata.keys()].length > 0;
}

/** Records whether each call reached the service (`setReachable`), for the offline indicator. */
export function watched(t: Transport, setReachable: (reachable: boolean) => void): Transport {
  return {
    async unary(...args) {
      try {
        const r = await t.unary(...args);
        setReachable(true);
        return r;
      } catch (e) {
        if (!isAbort(e)) setReachable(answered(e) || !describeError(e).unreachable);
        throw e;
      }
    },
    stream: (...args) => t.stream(...args),
  };
}
