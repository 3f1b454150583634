import { useLayoutEffect, useRef } from 'react';

/**
 * A ref to the latest `value`, for callbacks that must stay the same function from render to
 * render yet act on what the screen shows now. Written once the render is committed, so event
 * handlers and effects read it, never a render.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
