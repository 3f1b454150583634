import { FieldError } from '#shared/rules/field-error';

/** Settings key of the upstream to sync from: `{ url, everyMinutes }`. Absent: no background sync. */
export const SYNC_UPSTREAM_KEY = 'sync.upstream';
export const MIN_EVERY_MINUTES = 5;
export const DEFAULT_EVERY_MINUTES = 60;

export interface SyncUpstream {
  url: string;
  everyMinutes: number;
}

/** Reads the stored setting; a malformed one is an error naming the field (the app logs it and does not sync). */
export function parseSyncUpstream(value: unknown): SyncUpstream | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new FieldError(SYNC_UPSTREAM_KEY, 'must be an object { url, everyMinutes }');
  const { url, everyMinutes = DEFAULT_EVERY_MINUTES } = value as Record<string, unknown>;
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new FieldError(`${SYNC_UPSTREAM_KEY}.url`, `must be an http(s) URL, got ${JSON.stringify(url)}`);
  }
  if (typeof everyMinutes !== 'number' || !Number.isFinite(everyMinutes) || everyMinutes < MIN_EVERY_MINUTES) {
    throw new FieldError(
      `${SYNC_UPSTREAM_KEY}.everyMinutes`,
      `must be a number of minutes ≥ ${MIN_EVERY_MINUTES}, got ${JSON.stringify(everyMinutes)}`,
    );
  }
  return { url: parsed.href, everyMinutes };
}
