/** The most boards one set may follow (the service's MAX_SET). */
export const MAX_SET_LIMIT = 20_000;

/**
 * "At most N" as typed: a whole number from 1 to 20,000, or an error that names the field. The
 * field keeps the person's text either way (a number input dropped "c++" to an empty 0).
 */
export function setLimit(typed: string): { limit: number } | { error: string } {
  const t = typed.trim().replace(/[,_\s]/g, '');
  const n = /^\d{1,6}$/.test(t) ? Number(t) : NaN;
  if (Number.isInteger(n) && n >= 1 && n <= MAX_SET_LIMIT) return { limit: n };
  const shown = typed.length > 40 ? `${typed.slice(0, 40)}…` : typed;
  return {
    error: `At most: give a whole number from 1 to ${MAX_SET_LIMIT.toLocaleString('en')} boards; “${shown}” is not one.`,
  };
}
