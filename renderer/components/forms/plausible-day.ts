/**
 * The years a date field sends. Chromium's date input reports every keystroke of the year as a
 * whole date ("2" → `0002-12-31`), so a date is sent only once its year is one a job search or a
 * follow-up could mean (docs/decisions/ui-forms.md).
 */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2199;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` is a real calendar day in a plausible year. */
export function isPlausibleDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < FIRST_YEAR || y > LAST_YEAR) return false;
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}
