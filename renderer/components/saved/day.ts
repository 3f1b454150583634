import { timestampMs, type Timestamp } from '@bufbuild/protobuf/wkt';

const DAY = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** "Nov 20, 2026": the dates of tracking (moves, last seen open) are read as days. */
export function formatDay(at: Timestamp | undefined): string {
  return at && timestampMs(at) > 0 ? DAY.format(timestampMs(at)) : '—';
}

/** A calendar day `YYYY-MM-DD` (a follow-up) in the same words. */
export function formatCalendarDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return DAY.format(new Date(y!, m! - 1, d!));
}
