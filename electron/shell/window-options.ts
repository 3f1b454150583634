import type { BrowserWindowConstructorOptions } from 'electron';
import type { WindowBounds } from './window-state.js';

/**
 * The main window's options. Security follows Electron's checklist: the renderer is isolated and
 * sandboxed, has no Node, keeps web security, and reaches main only through the preload's one
 * function. Nothing here is left to Electron's defaults, so a default changing cannot weaken it.
 */
export function mainWindowOptions(
  preload: string,
  bounds: WindowBounds,
  opts: { devTools: boolean },
): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Job Index',
    backgroundColor: '#ffffff',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      // Middle-click would open links in new windows; they are denied anyway, this stops the attempt.
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: true,
      // Developer tools only when running from source, not in the packaged app.
      devTools: opts.devTools,
    },
  };
}
