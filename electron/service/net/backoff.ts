/**
 * The one backoff of the app (docs/decisions/floors.md): `baseMs` · 2^attempt, at most `maxMs`.
 * With `random`, full jitter on its upper half (a wait from half the cap to the cap), so clients
 * that failed together do not retry together. Sync's and the crawler's requests
 * (retrying-fetch.ts), the report outbox and the sync scheduler all wait by it.
 */
export function exponentialBackoff(attempt: number, baseMs: number, maxMs: number, random?: () => number): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return random ? Math.round(cap / 2 + (cap / 2) * random()) : cap;
}
