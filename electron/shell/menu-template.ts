import type { MenuItemConstructorOptions } from 'electron';

/** The application menu: the platform's usual roles (app, file, edit, view, window), nothing custom. */
export function menuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  isPackaged: boolean,
): MenuItemConstructorOptions[] {
  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const devTools: MenuItemConstructorOptions[] = isPackaged ? [] : [{ role: 'toggleDevTools' }];
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      // Developer tools are for developers: not in the packaged app's menu.
      ...devTools,
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  // macOS puts the app's own menu first; elsewhere File holds Quit.
  return [
    ...(platform === 'darwin' ? [appMenu] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
  ];
}
