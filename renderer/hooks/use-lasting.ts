import { useEffect, useState } from 'react';

/**
 * `on`, once it has stayed true for `ms`: a state that ends sooner is never shown. For feedback
 * that would only flicker when the answer is quick (a list dimmed for the 40 ms a keystroke's
 * results take), while a slow answer still gets it.
 */
export function useLasting(on: boolean, ms: number): boolean {
  const [lasted, setLasted] = useState(false);
  // Once off, the next time on counts from zero (set while rendering: React redoes this render at once).
  if (!on && lasted) setLasted(false);
  useEffect(() => {
    if (!on) return;
    const t = setTimeout(() => setLasted(true), ms);
    return () => clearTimeout(t);
  }, [on, ms]);
  return on && lasted;
}
