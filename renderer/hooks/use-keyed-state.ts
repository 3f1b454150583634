import { useCallback, useState } from 'react';

/**
 * State that starts again from `initial` whenever `key` changes (a new search starts at its first
 * row). Reset while rendering, so no frame shows the old value against the new key.
 */
export function useKeyedState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [state, setState] = useState({ key, value: initial });
  if (state.key !== key) setState({ key, value: initial });
  const set = useCallback((value: T) => setState((s) => ({ key: s.key, value })), []);
  return [state.key === key ? state.value : initial, set];
}
