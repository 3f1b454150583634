import { parseSyncUpstream, SYNC_UPSTREAM_KEY } from '../sync/sync-settings.js';
import type { Settings } from '../user-db/settings.js';

/** Reports go to the upstream the app syncs from (`sync.upstream`); a malformed setting means none. */
export function upstreamFromSettings(settings: Settings): string | undefined {
  try {
    return parseSyncUpstream(settings.get(SYNC_UPSTREAM_KEY))?.url.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}
