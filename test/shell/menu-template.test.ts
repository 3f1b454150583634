import { describe, expect, it } from 'vitest';
import { menuTemplate } from '../../electron/shell/menu-template.js';

describe('the application menu', () => {
  const roles = (t: ReturnType<typeof menuTemplate>) =>
    JSON.stringify(t)
      .match(/"role":"\w+"/g)
      ?.map((r) => r.slice(8, -1)) ?? [];

  it('has the usual roles, and the app menu first on macOS only', () => {
    const mac = menuTemplate('darwin', 'Job Index', true);
    expect(mac[0]?.label).toBe('Job Index');
    expect(roles(mac)).toEqual(
      expect.arrayContaining(['quit', 'fileMenu', 'editMenu', 'windowMenu', 'reload', 'togglefullscreen']),
    );
    expect(menuTemplate('linux', 'Job Index', true)[0]?.role).toBe('fileMenu');
  });

  it('offers developer tools only when running from source', () => {
    expect(roles(menuTemplate('win32', 'Job Index', true))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate('win32', 'Job Index', false))).toContain('toggleDevTools');
  });
});
