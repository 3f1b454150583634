import { toJsonString } from '@bufbuild/protobuf';
import { timestampMs } from '@bufbuild/protobuf/wkt';
import { GetResponseSchema, type GetResponse } from '#shared/gen/svc/jobs/v1/jobs_pb';
import type { Sanitize } from '../sanitize/lazy-sanitizer.js';
import type { Snapshot } from './saved-jobs.js';

/**
 * A job detail as a saved job keeps it: protobuf JSON, the description sanitized again here
 * because a sync's detail comes from the network and the snapshot outlives the index.
 * `sanitize` is the description sanitizer (`loadSanitizer()`).
 */
export function snapshotOf(detail: GetResponse, sanitize: Sanitize): Snapshot {
  const clean: GetResponse = { ...detail, description: sanitize(detail.description) };
  return {
    json: toJsonString(GetResponseSchema, clean),
    title: detail.title,
    companyName: detail.company?.name ?? '',
  };
}

/** Open/closed state of a detail: an expired job closed at its expiry (or now, if not given). */
export function openState(
  detail: GetResponse,
  now: number,
): { closedAt: number | null; lastSeenOpenAt: number | null } {
  if (detail.status === 'active') return { closedAt: null, lastSeenOpenAt: now };
  return { closedAt: detail.expiredAt ? timestampMs(detail.expiredAt) : now, lastSeenOpenAt: null };
}
