// The rowid of a job in job_pay_search (migration 0010, docs/decisions/comparable-pay.md § Text
// in pay order): its pay group above, any free number below. Walking rowids downwards visits
// groups in pay order; within a group the order is restored from the jobs rows, so the low part
// need only be unique. Groups are euros a year, all pay above MAX_GROUP shares the top group, so
// every key stays below 2^53 and JavaScript numbers hold it exactly.

export const PAY_KEY_SPAN = 2 ** 32;
const MAX_GROUP = 2 ** 21 - 1;

/** The group of a comparable pay (pay_sort ≥ 0): a non-decreasing function of it. */
export function payGroup(paySort: number): number {
  return Math.min(Math.max(0, Math.floor(paySort)), MAX_GROUP);
}

/** The first key tried for a job; a taken key moves on with nextPayKey. */
export function payKeyFor(paySort: number, rid: number): number {
  return payGroup(paySort) * PAY_KEY_SPAN + (rid % PAY_KEY_SPAN);
}

/** The next key in the same group, wrapping within it. */
export function nextPayKey(key: number): number {
  const low = key % PAY_KEY_SPAN;
  return key - low + ((low + 1) % PAY_KEY_SPAN);
}

/** The smallest key of a group: every job with pay_sort ≥ p has key ≥ groupFloor(p). */
export function groupFloor(paySort: number): number {
  return payGroup(Math.ceil(paySort)) * PAY_KEY_SPAN;
}

// payMax in pay order: each row of job_pay_search also carries, in its facets column (which typed
// text never searches), a token for every rung of a ladder its pay floor (pay_min_eur) is below,
// so "bottom of range < payMax" is one token (the lowest rung at or above the bound) and FTS5
// skips the rest; the exact bound is checked on the row. Rungs are 25% apart from 1,000 €/yr.
const RUNGS = Array.from({ length: 36 }, (_, k) => Math.round(1000 * 1.25 ** k));

const rungToken = (k: number) => `xpl${k}0`;

/** The ladder tokens of a job whose pay floor is `payMinEur` (none when it has none). */
export function payFloorTokens(payMinEur: number | null): string[] {
  if (payMinEur === null) return [];
  const out: string[] = [];
  for (let k = RUNGS.length - 1; k >= 0 && payMinEur < RUNGS[k]!; k--) out.push(rungToken(k));
  return out;
}

/** The token every job with pay_min_eur < `bound` carries, or undefined above the ladder. */
export function payFloorBelow(bound: number): string | undefined {
  const k = RUNGS.findIndex((r) => r >= bound);
  return k < 0 ? undefined : rungToken(k);
}
