// rid = (seconds since 2000-01-01 UTC << 22) | (first 22 bits of the job uuid).
// So `ORDER BY rid DESC` is newest-discovered first with the id as tie-break, the order FTS5
// walks for free; and `discoveredAfter` is a rid range. It stays below 2^53 until 2068.

const EPOCH_MS = Date.UTC(2000, 0, 1);
const LOW_BITS = 22;
const LOW_SPAN = 2 ** LOW_BITS;
const MAX_SECONDS = 2 ** 31 - 1;

function seconds(ms: number): number {
  return Math.min(MAX_SECONDS, Math.max(0, Math.floor((ms - EPOCH_MS) / 1000)));
}

/** The preferred rid of a job; on the rare collision the writer takes `nextRidCandidate`. */
export function ridFor(discoveredAt: number, id: string): number {
  const low = parseInt(id.replace(/-/g, '').slice(0, 6), 16) >> 2;
  return seconds(discoveredAt) * LOW_SPAN + low;
}

/** The next rid to try after a collision: one lower, wrapping within the same second. */
export function nextRidCandidate(rid: number): number {
  return rid % LOW_SPAN === 0 ? rid + LOW_SPAN - 1 : rid - 1;
}

/** The smallest rid of any job discovered at or after `ms` (an exact check on discovered_at follows). */
export function ridFloor(ms: number): number {
  return seconds(ms) * LOW_SPAN;
}
