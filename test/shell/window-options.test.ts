import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../electron/shell/window-options.js';

describe('the main window’s options', () => {
  const opts = mainWindowOptions(
    '/app/dist/electron/shell/preload/preload.cjs',
    { x: 10, y: 20, width: 1000, height: 700 },
    { devTools: false },
  );

  it('isolate and sandbox the renderer, with no Node and web security on', () => {
    expect(opts.webPreferences).toMatchObject({
      preload: '/app/dist/electron/shell/preload/preload.cjs',
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
      disableBlinkFeatures: 'Auxclick',
    });
  });

  it('set nothing that loosens them', () => {
    const prefs = opts.webPreferences as Record<string, unknown>;
    for (const risky of ['enableBlinkFeatures', 'additionalArguments', 'partition', 'webviewTag', 'nodeIntegration']) {
      expect(prefs[risky] === undefined || prefs[risky] === false, risky).toBe(true);
    }
  });

  it('open where the saved state says, hidden until the first paint', () => {
    expect(opts).toMatchObject({ x: 10, y: 20, width: 1000, height: 700, show: false });
  });

  it('allow dev tools only when asked (running from source)', () => {
    expect(opts.webPreferences?.devTools).toBe(false);
    expect(mainWindowOptions('/p', { width: 800, height: 600 }, { devTools: true }).webPreferences?.devTools).toBe(
      true,
    );
  });
});
