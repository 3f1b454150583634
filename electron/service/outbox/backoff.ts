import { exponentialBackoff } from '../net/backoff.js';

/** Waits between attempts while the upstream is down or failing: 5 s doubling, at most 15 min. */
export function backoffMs(attempts: number): number {
  return exponentialBackoff(attempts, 5_000, 15 * 60_000);
}
