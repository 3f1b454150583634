import { alertText } from '#shared/rules/saved-search';
import { searchesClient } from '../api/clients.js';
import type { AlertsPermission, AlertsPlatform } from './alerts-port.js';

/** How often the page asks the server for alerts (a crawl or sync may have brought jobs). */
export const ALERTS_POLL_MS = 60_000;

const supported = () => typeof Notification !== 'undefined';
let opener: ((searchId: string) => void) | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

/** Takes the alerts not yet announced and shows one notification per search. */
async function takeAndShow(): Promise<void> {
  if (!supported() || Notification.permission !== 'granted') return;
  const { alerts } = await searchesClient.takeAlerts({});
  for (const a of alerts) {
    const { title, body } = alertText(a);
    // The tag replaces an older notification of the same search that is still on screen.
    const n = new Notification(title, { body, tag: `search-alert-${a.searchId}` });
    n.onclick = () => {
      window.focus();
      n.close();
      opener?.(a.searchId);
    };
  }
}

function poll(): void {
  takeAndShow().catch(() => {
    // Unreachable for now: the connection indicator says so; the next poll tries again.
  });
}

// Only while the person allows it are alerts taken: taking one marks it announced.
export const alerts: AlertsPlatform = {
  permission: (): AlertsPermission => (supported() ? Notification.permission : 'unsupported'),
  async request() {
    if (!supported()) return 'unsupported';
    const p = await Notification.requestPermission();
    if (p === 'granted') poll();
    return p;
  },
  start(open) {
    opener = open;
    if (timer !== undefined) return;
    timer = setInterval(poll, ALERTS_POLL_MS);
    poll();
  },
};
