import { BrowserWindow, screen } from 'electron';
import { APP_URL } from '#shared/ipc/app-origin';
import type { Settings } from '#service/user-db/settings';
import { mainWindowOptions } from './window-options.js';
import { restoreWindowState, WINDOW_STATE_KEY, windowStateToSave } from './window-state.js';

/** Opens the app's window where it was last, and remembers where it is when it closes. */
export function openMainWindow(
  preload: string,
  settings: Pick<Settings, 'get' | 'set'>,
  devTools: boolean,
): BrowserWindow {
  const areas = screen.getAllDisplays().map((d) => d.workArea);
  const primary = screen.getPrimaryDisplay().workArea;
  // The primary display first: a window with no saved place is sized to it.
  const state = restoreWindowState(settings.get(WINDOW_STATE_KEY), [primary, ...areas]);
  const { maximized, ...bounds } = state;
  const win = new BrowserWindow(mainWindowOptions(preload, bounds, { devTools }));
  if (maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => settings.set(WINDOW_STATE_KEY, windowStateToSave(win.getNormalBounds(), win.isMaximized())));
  void win.loadURL(APP_URL);
  return win;
}
