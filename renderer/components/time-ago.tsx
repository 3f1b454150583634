import type { Timestamp } from '@bufbuild/protobuf/wkt';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { relativeTime } from '#shared/format/relative-time';

// One formatter for every hover title (building one per row is the costly part of Intl).
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "3 days ago", with the exact time on hover and for assistive tech. */
export function TimeAgo({ at, prefix }: { at: Timestamp | undefined; prefix?: string }) {
  if (!at) return null;
  const ms = timestampMs(at);
  const iso = new Date(ms).toISOString();
  return (
    <time dateTime={iso} title={exact.format(ms)}>
      {prefix ? `${prefix} ` : ''}
      {relativeTime(ms)}
    </time>
  );
}
