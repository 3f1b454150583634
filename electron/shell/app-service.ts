// The app's service as the service worker runs it: both SQLite files, the router, background
// sync and exports. No `electron` import: what needs Electron (the save dialog, the keychain)
// comes in as options, which the worker answers by asking the main thread.
import { join } from 'node:path';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { openIndex } from '#service/index-db/open-index';
import { createIndexContext } from '#service/index-services/index-context';
import { indexRoutes } from '#service/index-services/routes';
import { openUserDb } from '#service/user-db/open-user-db';
import { SavedJobsSyncPort } from '#service/user-db/saved-jobs-sync';
import type { SecretBox } from '#service/user-db/secrets';
import { Settings } from '#service/user-db/settings';
import { userDataServices } from '#service/user-services/user-data-services';
import { exportRoutes } from '#service/exports/export-routes';
import { ExportRuns } from '#service/exports/export-runs';
import { localExportSources } from '#service/exports/local-sources';
import type { SaveDialog } from '#service/exports/save-dialog';
import { appHandlers } from './app-routes.js';
import { backgroundSync, type SyncFrom } from './background-sync.js';
import { installBundledIndex } from './bundled-index.js';
import type { SearchAlertNote } from './service-protocol.js';
import { announceNewJobs } from '#service/user-services/search-alerts';
import { alertText } from '#shared/rules/saved-search';

export interface AppServiceOptions {
  userData: string;
  shippedIndex: string;
  secretBox: SecretBox;
  dialog: SaveDialog;
  log(line: string): void;
  /** Tells main to show a desktop notification (search alerts). */
  notify(alert: SearchAlertNote): void;
}

export interface AppService {
  handlers: Map<string, UniversalHandler>;
  settings: Settings;
  /** Stops sync at its next checkpoint and running exports, then closes both files. */
  close(): Promise<void>;
}

export function openAppService(o: AppServiceOptions): AppService {
  const indexFile = join(o.userData, 'index.sqlite');
  const outcome = installBundledIndex(o.shippedIndex, indexFile);
  if (outcome !== 'kept') o.log(`jobindex: index ${outcome} from ${o.shippedIndex}`);

  const indexDb = openIndex(indexFile);
  const userDb = openUserDb(join(o.userData, 'user.sqlite'));
  const settings = new Settings(userDb);
  const indexCtx = createIndexContext(indexDb);
  // Saved jobs, searches, hiding, the report outbox and followed boards (crawled in the background
  // into the index file); also hides the user's choices from search.
  // A crawl of followed boards announces new jobs as a sync does (`alerts`, below).
  const user = userDataServices(userDb, () => indexCtx, { secretBox: o.secretBox, sources: { indexFile, log: o.log, onCrawled: () => alerts() } });
  const dataRoutes = [indexRoutes(indexCtx), user.routes];
  // Export to a file chosen in the save dialog (app only): rows read through the same services.
  const exportRuns = new ExportRuns();
  const exportsRoute = exportRoutes({ ...localExportSources(appHandlers(dataRoutes)), dialog: o.dialog, runs: exportRuns });
  const handlers = appHandlers([...dataRoutes, exportsRoute], (e) => o.log(`jobindex: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));

  // Sync writes through its own connection, so the services' reads only ever see committed runs.
  const savedJobs = new SavedJobsSyncPort(user.ctx.saved);
  // The sync engine (and its HTTP client) is loaded at the first run, 30 s in, not at launch.
  const syncFrom: SyncFrom = async (u, signal) => {
    const { syncIndex } = await import('#service/sync/sync-index');
    return syncIndex({ upstream: u.url, indexFile, savedJobs, signal });
  };
  // After each sync: one notification per saved search with new jobs. A sync that ran while the app
  // was closed (the CLI) is announced at start: the mark is in user.sqlite.
  const alerts = () => announceNewJobs(indexCtx, userDb, (a) => o.notify({ searchId: a.searchId, ...alertText(a) }));
  const sync = backgroundSync(settings, syncFrom, o.log, alerts);
  try {
    alerts();
  } catch (e) {
    o.log(`jobindex: search alerts failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  sync.start();

  return {
    handlers,
    settings,
    async close() {
      await Promise.allSettled([sync.stop(), exportRuns.cancelAll(), user.ctx.sources?.stop()]);
      user.close();
      indexDb.close();
      userDb.close();
    },
  };
}
