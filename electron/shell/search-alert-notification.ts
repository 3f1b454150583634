import { OPEN_SEARCH_CHANNEL } from '#shared/ipc/bridge';
import type { SearchAlertNote } from '#worker/service-protocol';

/** What is used of Electron's Notification class (tests pass a stand-in). */
interface NotificationClass {
  isSupported(): boolean;
  new (o: { title: string; body: string }): { on(event: 'click', f: () => void): unknown; show(): void };
}

/** What is used of the window's WebContents. */
interface Page {
  isLoading(): boolean;
  once(event: 'did-finish-load', f: () => void): unknown;
  send(channel: string, ...args: unknown[]): void;
}

/**
 * One desktop notification for a saved search's new jobs (docs/decisions/search-alerts.md).
 * A click brings the window forward (opening it if it was closed) and tells the page to open
 * that search, its new jobs marked; a window still loading is told once it has loaded.
 */
export function showSearchAlert(
  Notification: NotificationClass,
  note: SearchAlertNote,
  showWindow: () => Page | undefined,
): void {
  if (!Notification.isSupported()) return;
  const n = new Notification({ title: note.title, body: note.body });
  n.on('click', () => {
    const page = showWindow();
    if (!page) return;
    const open = () => page.send(OPEN_SEARCH_CHANNEL, note.searchId);
    if (page.isLoading()) page.once('did-finish-load', open);
    else open();
  });
  n.show();
}
