// The desktop app's main process: serves the renderer from the app: protocol and forwards its
// Connect requests over IPC to the service worker, which owns the index and the user's file and
// answers with the same router as `jobindex serve`. Everything with logic lives in electron-free modules beside this one.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, Menu, net, Notification, protocol, safeStorage } from 'electron';
import { APP_SCHEME } from '#shared/ipc/app-origin';
import { packageRoot } from '#service/paths';
import { shippedIndexOf, singleInstanceLock, takeEarlyWorker } from './early-worker.js';
import { hardenApp, hardenSession } from './hardening.js';
import { openMainWindow } from './main-window.js';
import { menuTemplate } from './menu-template.js';
import { electronSaveDialog } from './electron-save-dialog.js';
import { createRendererHandler } from './renderer-files.js';
import { serveRpcOverIpc } from './rpc-bridge.js';
import { safeStorageBox } from './secret-box.js';
import { startServiceHost } from './service-host.js';
import { showSearchAlert } from './search-alert-notification.js';
import type { SearchAlertNote, ServiceProgress, ServiceWorkerData } from '#worker/service-protocol';
import { taskbarProgress } from './service-progress.js';
import { WINDOW_STATE_KEY } from './window-state.js';
import { Worker } from 'node:worker_threads';

// Must happen before `ready`: the renderer's scheme behaves like https (origin, CSP, fetch).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
hardenApp();

if (!singleInstanceLock(app)) {
  // Another instance owns the index files; it is told to show itself (see 'second-instance').
  app.quit();
} else {
  await app.whenReady();
  hardenSession();

  const userData = app.getPath('userData');
  // The service's and main's troubles, in a rolling file in the user-data folder (app-log.ts). It
  // opens beside the launch, not before it: its libraries load as a chunk of their own.
  const logger = import('./app-log.js').then((m) => m.openAppLog(userData));
  const log = (line: string) => void logger.then((l) => l.warn(line));
  const shippedIndex = shippedIndexOf(app);
  const secretBox = safeStorageBox(safeStorage);
  let window: BrowserWindow | undefined;
  const saveDialog = electronSaveDialog(() => window);
  // Both SQLite files, the router, sync and exports live in a worker thread, so no query, sync
  // commit or export ever blocks this thread's IPC and window events (docs/decisions/service-worker.md).
  const service = startServiceHost({
    // Started by start.ts before this file loaded, when main runs from it.
    early: takeEarlyWorker(),
    spawn: (syncPort) =>
      new Worker(join(packageRoot, 'dist', 'app', 'service-worker.js'), {
        workerData: { userData, shippedIndex, secretBoxName: secretBox.name, syncPort } satisfies ServiceWorkerData,
        transferList: [syncPort],
      }),
    calls: { saveDialog: (req: Parameters<typeof saveDialog.choose>[0]) => saveDialog.choose(req) },
    syncCalls: {
      boxName: () => secretBox.name,
      seal: (text: string) => secretBox.seal(text),
      open: (sealed: Uint8Array) => secretBox.open(sealed),
    },
    log,
    onEvent: (name, data) => {
      // A sync in progress shows on the window's taskbar/dock icon.
      if (name === 'progress' && window && !window.isDestroyed())
        window.setProgressBar(taskbarProgress(data as ServiceProgress));
      // One desktop notification per saved search with new jobs; a click opens that search.
      if (name === 'search-alert')
        showSearchAlert(Notification, data as SearchAlertNote, () => (show(), window?.webContents));
    },
  });
  const rpc = serveRpcOverIpc((req) => service.request(req));
  // The window opens where it was last: its place is in the user's settings, in the worker.
  let windowState = await service.control('settings.get', WINDOW_STATE_KEY).catch((e: unknown) => {
    log(`jobindex: ${e instanceof Error ? e.message : String(e)}`);
    return undefined;
  });
  const windowSettings = {
    get: <T>() => windowState as T | undefined,
    set: (key: string, value: unknown) => {
      windowState = value;
      service
        .control('settings.set', key, value)
        .catch((e: unknown) =>
          log(`jobindex: the window's place was not saved: ${e instanceof Error ? e.message : String(e)}`),
        );
    },
  };

  protocol.handle(
    APP_SCHEME,
    createRendererHandler(join(packageRoot, 'dist', 'renderer'), (file) => net.fetch(pathToFileURL(file).href)),
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, app.name, app.isPackaged)));

  const preload = join(packageRoot, 'dist', 'electron', 'shell', 'preload', 'preload.cjs');
  const show = () => {
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.focus();
      return;
    }
    window = openMainWindow(preload, windowSettings, !app.isPackaged);
    rpc.trust(window.webContents);
  };
  show();

  app.on('second-instance', show);
  // macOS keeps apps running without windows; the dock icon opens a new one.
  app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && show());
  app.on('window-all-closed', () => process.platform !== 'darwin' && app.quit());

  // Quitting waits for the worker: requests in flight finish, a sync in progress stops at its next
  // checkpoint (the next run resumes it), running exports stop and remove their partial files,
  // then the files close.
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    void service.close().finally(() => {
      stopped = true;
      app.quit();
    });
  });
}
