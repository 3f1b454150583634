import { FieldError } from '#shared/rules/field-error';
import type { Settings } from '#service/user-db/settings';
import { createSyncScheduler, type SyncScheduler } from '#service/sync/sync-scheduler';
import { parseSyncUpstream, SYNC_UPSTREAM_KEY, type SyncUpstream } from '#service/sync/sync-settings';

/** Syncs the local index from one upstream (the sync engine's entry point, adapted by main). */
export type SyncFrom = (upstream: SyncUpstream, signal: AbortSignal) => Promise<unknown>;

/**
 * The schedule as the user set it: `sync.upstream` in the user's settings, read again before every
 * wait, so turning sync on, off or changing the interval applies without a restart. A malformed
 * setting is logged once per change and treated as "off".
 */
export function backgroundSync(
  settings: Settings,
  syncFrom: SyncFrom,
  log: (line: string) => void,
  /** Runs after each sync that completed: the index changed (search alerts, search-alerts.ts). */
  afterSync?: () => void,
): SyncScheduler {
  let lastProblem = '';
  const upstream = (): SyncUpstream | undefined => {
    try {
      const u = parseSyncUpstream(settings.get(SYNC_UPSTREAM_KEY));
      lastProblem = '';
      return u;
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      if (e.message !== lastProblem) log(`jobindex: background sync is off: ${e.message}`);
      lastProblem = e.message;
      return undefined;
    }
  };
  return createSyncScheduler({
    intervalMs: () => {
      const u = upstream();
      return u && u.everyMinutes * 60_000;
    },
    run: async (signal) => {
      const u = upstream();
      if (!u) return;
      await syncFrom(u, signal);
      try {
        afterSync?.();
      } catch (e) {
        log(`jobindex: search alerts failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    onError: (e) => log(`jobindex: background sync failed: ${e instanceof Error ? e.message : String(e)}`),
  });
}
