/** Waits between attempts while the upstream is down or failing: 5 s doubling, at most 15 min. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts), 15 * 60_000);
}
