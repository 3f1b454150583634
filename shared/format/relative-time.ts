const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

// One formatter per locale: building one costs more than formatting with it.
const formats = new Map<string, Intl.RelativeTimeFormat>();

/** "3 days ago", "in 2 hours", "now". */
export function relativeTime(ms: number, now = Date.now(), locale = 'en'): string {
  let rtf = formats.get(locale);
  if (!rtf) formats.set(locale, (rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  const diff = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return rtf.format(Math.round(diff / size), unit);
  }
  return rtf.format(0, 'second');
}
