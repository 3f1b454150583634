import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The renderer, built to dist/renderer/. `--mode electron` swaps the transport for the IPC one and
// the export download for the save dialog; every other mode talks Connect over HTTP to the page's
// own origin (`jobindex serve --ui`).
export default defineConfig(({ mode }) => ({
  root: here('./renderer'),
  // Relative asset URLs: the same build loads from http://host/ and from the Electron protocol.
  base: './',
  plugins: [react()],
  resolve: {
    // `#shared/…` (package.json "imports") from the sources.
    conditions: ['source', ...defaultClientConditions],
    alias: {
      '#platform/transport': here(
        mode === 'electron' ? './renderer/platform/transport.electron.ts' : './renderer/platform/transport.browser.ts',
      ),
      // Export: the save dialog and main's writer in the app, a download in the browser.
      '#platform/export': here(
        mode === 'electron' ? './renderer/platform/export.electron.ts' : './renderer/platform/export.browser.ts',
      ),
      // Search alerts: main's notifications in the app, the browser's Notification API in a browser.
      '#platform/alerts': here(
        mode === 'electron' ? './renderer/platform/alerts.electron.ts' : './renderer/platform/alerts.browser.ts',
      ),
    },
  },
  build: {
    outDir: here('./dist/renderer'),
    emptyOutDir: true,
    target: 'chrome120',
    // The CSP forbids inline scripts; never inline the module preload polyfill or small assets.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
}));
