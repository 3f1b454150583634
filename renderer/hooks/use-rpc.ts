import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { describeError, isAbort, type UiError } from '../api/ui-error.js';

export type RpcState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: UiError };

interface Settled<T> {
  key: string;
  attempt: number;
  state: RpcState<T>;
  /** The last answer that came, for this key or an earlier one. */
  last: T | undefined;
}

/**
 * One request per `key` (undefined: none); a newer key aborts the older request. `previous` is the
 * last answer while a newer one loads, so a screen can keep it up instead of flashing.
 */
export function useRpc<T>(
  key: string | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): RpcState<T> & { previous: T | undefined; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>();
  // `call` is a fresh closure each render; the key says when the request changes.
  const request = useEffectEvent(call);
  useEffect(() => {
    if (key === undefined) return;
    const c = new AbortController();
    const settle = (state: RpcState<T>) =>
      setSettled((s) => ({ key, attempt, state, last: state.status === 'ready' ? state.data : s?.last }));
    request(c.signal).then(
      (data) => !c.signal.aborted && settle({ status: 'ready', data }),
      (e: unknown) => !c.signal.aborted && !isAbort(e) && settle({ status: 'error', error: describeError(e) }),
    );
    return () => c.abort();
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const current =
    settled && settled.key === key && settled.attempt === attempt ? settled.state : { status: 'loading' as const };
  return { ...current, previous: settled?.last, retry };
}
