import { BRIDGE_KEY, type JobIndexBridge } from '#shared/ipc/bridge';
import type { AlertsPlatform } from './alerts-port.js';

// In the desktop app the service worker announces after each sync and main shows the
// notification; the page only hears which search a click should open.
export const alerts: AlertsPlatform = {
  permission: () => 'app',
  request: () => Promise.resolve('app'),
  start(open) {
    const bridge = (globalThis as unknown as Record<string, JobIndexBridge | undefined>)[BRIDGE_KEY];
    bridge?.onOpenSearch(open);
  },
};
