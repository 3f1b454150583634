// The app's service as the service worker runs it: both SQLite files, the router, background
// sync and exports. No `electron` import: what needs Electron (the save dialog, the keychain)
// comes in as options, which the worker answers by asking the main thread.
import { join } from 'node:path';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { SavedJobsSyncPort } from '#service/user-services/saved-jobs-sync';
import type { SecretBox } from '#service/user-db/secrets';
import { Settings } from '#service/user-db/settings';
import { openService } from '#service/open-service';
import { exportRoutes } from '#service/exports/export-routes';
import { ExportRuns } from '#service/exports/export-runs';
import { localExportSources } from '#service/exports/local-sources';
import type { SaveDialog } from '#service/exports/save-dialog';
import { IndexTurns } from '#service/sync/index-turns';
import type { Platform } from '#shared/rules/board-ref';
import { backgroundSync, type SyncFrom } from './background-sync.js';
import { installBundledIndex } from './bundled-index.js';
import type { ControlName, SearchAlertNote, ServiceProgress } from './service-protocol.js';
import type { SyncProgress } from '#service/sync/progress';
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
  /** Tells main how far a sync has got (the window's progress bar). */
  progress?(p: ServiceProgress): void;
  /** Per platform, another host for crawls (tests: a local stand-in for the platforms). */
  crawlApiBase?: Partial<Record<Platform, string>>;
}

export interface AppService {
  handlers: Map<string, UniversalHandler>;
  settings: Settings;
  /** Runs a sync from the upstream in the user's settings now (or joins the one running); resolves when it is over. */
  syncNow(): Promise<void>;
  /** Stops sync at its next checkpoint and running exports, then closes both files. */
  close(): Promise<void>;
}

/** The service's answers to main's control calls (service-protocol.ts), in the worker or in-thread. */
export function appControls(s: AppService): Record<ControlName, (...args: unknown[]) => unknown> {
  return {
    'settings.get': (key) => s.settings.get(key as string),
    'settings.set': (key, value) => s.settings.set(key as string, value),
    'sync.now': () => s.syncNow(),
  };
}

export function openAppService(o: AppServiceOptions): AppService {
  const indexFile = join(o.userData, 'index.sqlite');
  const outcome = installBundledIndex(o.shippedIndex, indexFile);
  if (outcome !== 'kept') o.log(`jobindex: index ${outcome} from ${o.shippedIndex}`);

  const userFile = join(o.userData, 'user.sqlite');
  // Background sync and crawls take turns on the index: never both at once (issue 26).
  const turns = new IndexTurns();
  // Saved jobs, searches, hiding, the report outbox and followed boards (crawled in the background
  // into the index file); search leaves out the jobs and companies the person hid or blocked. A
  // crawl of followed boards announces new jobs as a sync does (`alerts`, below).
  const service = openService({
    indexFile,
    user: {
      file: userFile,
      secretBox: o.secretBox,
      sources: {
        indexFile,
        log: o.log,
        onCrawled: () => alerts(),
        turns,
        ...(o.crawlApiBase ? { apiBase: o.crawlApiBase } : {}),
      },
      place: { indexFile, userFile, backgroundSync: true },
    },
  });
  const { index: indexCtx } = service;
  const user = service.user!;
  const userDb = service.userDb!;
  const settings = new Settings(userDb);
  // Export to a file chosen in the save dialog (app only): rows read through the same services.
  const exportRuns = new ExportRuns();
  const exportsRoute = exportRoutes({ ...localExportSources(service.handlers()), dialog: o.dialog, runs: exportRuns });
  const handlers = service.handlers([exportsRoute], (e) =>
    o.log(`jobindex: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  );

  // Sync writes through its own connection, so the services' reads only ever see committed runs.
  const savedJobs = new SavedJobsSyncPort(user.ctx.saved);
  // The sync engine (and its HTTP client) is loaded at the first run, 30 s in, not at launch; it
  // runs on a thread of its own, so searches never wait for it (sync-aside.ts, issue 28).
  const syncFrom: SyncFrom = async (u, signal) => {
    const { syncAside } = await import('#service/sync/sync-aside');
    const onProgress = ({ phase, done, total }: SyncProgress) =>
      o.progress?.({ task: 'sync', phase, done, ...(total !== undefined ? { total } : {}) });
    return turns.run('sync', async () => {
      try {
        return await syncAside({ upstream: u.url, indexFile, savedJobs, signal, onProgress });
      } finally {
        o.progress?.({ task: 'sync', over: true });
      }
    });
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
    syncNow: () => sync.runNow(),
    async close() {
      await Promise.allSettled([sync.stop(), exportRuns.cancelAll(), user.ctx.sources?.stop()]);
      service.close();
    },
  };
}
