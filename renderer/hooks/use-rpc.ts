import { useCallback, useEffect, useState } from 'react';
import { describeError, isAbort, type UiError } from '../api/ui-error.js';

export type RpcState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: UiError };

/** One request per `key` (undefined: none); a newer key aborts the older request. */
export function useRpc<T>(key: string | undefined, call: (signal: AbortSignal) => Promise<T>): RpcState<T> & { retry(): void } {
  const [state, setState] = useState<RpcState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === undefined) return;
    const c = new AbortController();
    setState({ status: 'loading' });
    call(c.signal).then(
      (data) => !c.signal.aborted && setState({ status: 'ready', data }),
      (e: unknown) => !c.signal.aborted && !isAbort(e) && setState({ status: 'error', error: describeError(e) }),
    );
    return () => c.abort();
    // `call` is a fresh closure each render; the key says when the request changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...state, retry };
}
