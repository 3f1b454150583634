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
// text never searches), the cells its pay floor (pay_min_eur) falls in, at four nested levels:
// level 0 cells are 25% wide from 1,000 €/yr (floors below 1,000 in the first, ~3.1 M and up in
// the last), and each level splits a cell in eight. "Bottom of range < payMax" is then an OR of a
// few dozen cells (payFloorCover), so FTS5 skips the jobs whose range starts above the bound in
// one walk; only the finest cell holding the bound (0.04% wide) can hold floors above it, which
// the row check drops (docs/decisions/comparable-pay.md § payMax in pay order).
const SPLIT = 8;
const LEVELS = 4;
const FINE = SPLIT ** (LEVELS - 1);
const TOP = 36 * FINE;
const LEVEL_LETTER = 'abcd';

/** The finest cell of a pay floor: 0 below 1,000 €/yr, then 1,000 × 1.25^((c − 1) / 512) up to the next. */
function fineCell(payMinEur: number): number {
  if (payMinEur < 1000) return 0;
  return Math.min(TOP, Math.floor((Math.log(payMinEur / 1000) / Math.log(1.25)) * FINE) + 1);
}

const cellAt = (fine: number, level: number) => Math.floor(fine / SPLIT ** (LEVELS - 1 - level));
const cellToken = (level: number, cell: number) => `xp${LEVEL_LETTER[level]}${cell}0`;

/** The cell tokens of a job whose pay floor is `payMinEur` (none when it has none). */
export function payFloorTokens(payMinEur: number | null): string[] {
  if (payMinEur === null) return [];
  const fine = fineCell(payMinEur);
  return Array.from({ length: LEVELS }, (_, level) => cellToken(level, cellAt(fine, level)));
}

/**
 * An FTS5 expression (on the facets column) every job with pay_min_eur < `bound` matches, and of
 * the others only those in the bound's finest cell; undefined when the bound is in the open top
 * cell, where every job would match.
 */
export function payFloorCover(bound: number): string | undefined {
  // pay_min_eur is whole euros: below `bound` is at most ceil(bound) − 1.
  const fine = fineCell(Math.max(0, Math.ceil(bound) - 1));
  if (fine >= TOP) return undefined;
  const cells: string[] = [];
  for (let level = 0; level < LEVELS; level++) {
    const first = level === 0 ? 0 : cellAt(fine, level - 1) * SPLIT;
    const last = cellAt(fine, level) - (level === LEVELS - 1 ? 0 : 1);
    for (let c = first; c <= last; c++) cells.push(cellToken(level, c));
  }
  return `{facets}: (${cells.join(' OR ')})`;
}

/** A token of 0010's first form (a ladder of rungs), which migration 0011 looks for (written out there). */
export const RETIRED_RUNG_TOKEN = 'xpl350';
