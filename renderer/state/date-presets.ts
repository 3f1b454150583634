// "Posted" presets beside the date fields: past 24 hours, 3 days, week, month. The URL keeps the
// preset (an ISO 8601 duration, `postedAfter=P7D`: the posting's own age, posting-age.md), so a link or a reload a day later still
// means "the past week"; each request turns it into a date-time then.

export const DATE_PRESETS = [
  { value: 'P1D', label: 'Past 24 hours', days: 1 },
  { value: 'P3D', label: 'Past 3 days', days: 3 },
  { value: 'P7D', label: 'Past week', days: 7 },
  { value: 'P30D', label: 'Past month', days: 30 },
] as const;

const DAY = 86_400_000;
const MINUTE = 60_000;

export const presetOf = (v: string | undefined) => DATE_PRESETS.find((p) => p.value === v);

/** A date filter as the service takes it: a preset becomes the RFC 3339 instant it stands for. */
export function resolveDate(v: string | undefined, now = Date.now()): string | undefined {
  const p = presetOf(v);
  // To the minute, so the pages of one search (and the answer cache) share one instant.
  return p ? new Date(Math.floor((now - p.days * DAY) / MINUTE) * MINUTE).toISOString() : v;
}
