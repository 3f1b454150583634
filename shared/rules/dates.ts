import { FieldError } from './field-error.js';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// RFC 3339 date-time: a full date, `T` (or space is not allowed), time, optional fraction, zone.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * `discoveredAfter` / `verifiedAfter`: RFC 3339 or `YYYY-MM-DD` (midnight UTC).
 * Returns epoch milliseconds; a bad value is a FieldError naming `field`.
 */
export function parseDateFilter(value: string, field: string): number {
  const bad = () => new FieldError(field, `must be an RFC 3339 date-time or YYYY-MM-DD, got ${JSON.stringify(value)}`);
  let ms: number;
  const d = DATE_ONLY.exec(value);
  if (d) {
    ms = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]));
    if (!sameDate(ms, d[1]!, d[2]!, d[3]!)) throw bad();
    return ms;
  }
  const t = RFC3339.exec(value);
  if (!t) throw bad();
  if (Number(t[4]) > 23 || Number(t[5]) > 59 || Number(t[6]) > 60) throw bad();
  const midnight = Date.UTC(Number(t[1]), Number(t[2]) - 1, Number(t[3]));
  if (!sameDate(midnight, t[1]!, t[2]!, t[3]!)) throw bad();
  // Date.parse knows no leap second: :60 is read as :59 plus one second, the instant after it.
  const leap = t[6] === '60';
  const iso = `${t[1]}-${t[2]}-${t[3]}T${t[4]}:${t[5]}:${leap ? '59' : t[6]}${t[7] ?? ''}${t[8]!.toUpperCase()}`;
  ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw bad();
  return leap ? ms + 1000 : ms;
}

// Date.UTC rolls 2024-02-31 over to March; a real calendar date must survive the round trip.
function sameDate(ms: number, y: string, m: string, d: string): boolean {
  const dt = new Date(ms);
  return dt.getUTCFullYear() === Number(y) && dt.getUTCMonth() + 1 === Number(m) && dt.getUTCDate() === Number(d);
}
