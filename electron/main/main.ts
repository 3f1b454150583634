// The desktop app's main process: owns the index and the user's file, serves the renderer from
// the app: protocol, and answers its Connect requests over IPC with the same router as
// `jobindex serve`. Everything with logic lives in electron-free modules beside this one.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, Menu, net, protocol, safeStorage } from 'electron';
import { APP_SCHEME } from '../../shared/ipc/app-origin.js';
import { openIndex } from '../index-db/open-index.js';
import { bundledIndexPath, packageRoot } from '../paths.js';
import { createIndexContext } from '../services/index-context.js';
import { indexRoutes } from '../services/routes.js';
import { openUserDb } from '../user-db/open-user-db.js';
import { SavedJobsSyncPort } from '../user-db/saved-jobs-sync.js';
import { userDataServices } from '../user-services/user-data-services.js';
import { Settings } from '../user-db/settings.js';
import { exportRoutes } from '../exports/export-routes.js';
import { ExportRuns } from '../exports/export-runs.js';
import { localExportSources } from '../exports/local-sources.js';
import { appHandlers } from './app-routes.js';
import { backgroundSync, type SyncFrom } from './background-sync.js';
import { installBundledIndex } from './bundled-index.js';
import { hardenApp, hardenSession } from './hardening.js';
import { openMainWindow } from './main-window.js';
import { menuTemplate } from './menu-template.js';
import { electronSaveDialog } from './electron-save-dialog.js';
import { createRendererHandler } from './renderer-files.js';
import { serveRpcOverIpc } from './rpc-bridge.js';
import { safeStorageBox } from './secret-box.js';

const log = (line: string) => process.stderr.write(line + '\n');

// Must happen before `ready`: the renderer's scheme behaves like https (origin, CSP, fetch).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
hardenApp();

if (!app.requestSingleInstanceLock()) {
  // Another instance owns the index files; it is told to show itself (see 'second-instance').
  app.quit();
} else {
  await app.whenReady();
  hardenSession();

  const userData = app.getPath('userData');
  const indexFile = join(userData, 'index.sqlite');
  const shipped = app.isPackaged ? join(process.resourcesPath, 'index.sqlite') : bundledIndexPath;
  const outcome = installBundledIndex(shipped, indexFile);
  if (outcome !== 'kept') log(`jobindex: index ${outcome} from ${shipped}`);

  const indexDb = openIndex(indexFile);
  const userDb = openUserDb(join(userData, 'user.sqlite'));
  const settings = new Settings(userDb);

  const indexCtx = createIndexContext(indexDb);
  // Saved jobs, searches, hiding, the report outbox and followed boards (crawled in the background
  // into the index file); also hides the user's choices from search.
  const user = userDataServices(userDb, () => indexCtx, { secretBox: safeStorageBox(safeStorage), sources: { indexFile, log } });
  const dataRoutes = [indexRoutes(indexCtx), user.routes];
  let window: BrowserWindow | undefined;
  // Export to a file chosen in the save dialog (app only): rows read through the same services.
  const exportRuns = new ExportRuns();
  const exportsRoute = exportRoutes({ ...localExportSources(appHandlers(dataRoutes)), dialog: electronSaveDialog(() => window), runs: exportRuns });
  const handlers = appHandlers(
    [...dataRoutes, exportsRoute],
    (e) => log(`jobindex: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  );
  const rpc = serveRpcOverIpc(handlers);

  protocol.handle(
    APP_SCHEME,
    createRendererHandler(join(packageRoot, 'dist', 'renderer'), (file) => net.fetch(pathToFileURL(file).href)),
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, app.name, app.isPackaged)));

  const preload = join(packageRoot, 'dist', 'electron', 'preload', 'preload.cjs');
  const show = () => {
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.focus();
      return;
    }
    window = openMainWindow(preload, settings, !app.isPackaged);
    rpc.trust(window.webContents);
  };
  show();

  app.on('second-instance', show);
  // macOS keeps apps running without windows; the dock icon opens a new one.
  app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && show());
  app.on('window-all-closed', () => process.platform !== 'darwin' && app.quit());

  // Sync writes through its own connection, so the services' reads only ever see committed runs.
  const savedJobs = new SavedJobsSyncPort(user.ctx.saved);
  // The sync engine (and its HTTP client) is loaded at the first run, 30 s in, not at launch.
  const syncFrom: SyncFrom = async (u, signal) => {
    const { syncIndex } = await import('../sync/sync-index.js');
    return syncIndex({ upstream: u.url, indexFile, savedJobs, signal });
  };
  const sync = backgroundSync(settings, syncFrom, log);
  sync.start();

  // Quitting waits for a sync in progress to stop at its next checkpoint (the next run resumes it)
  // and for running exports to stop and remove their partial files.
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void Promise.allSettled([sync.stop(), exportRuns.cancelAll(), user.ctx.sources?.stop()]).finally(() => {
      stopped = true;
      app.quit();
    });
  });
  app.on('will-quit', () => {
    user.close();
    indexDb.close();
    userDb.close();
  });
}
