/**
 * Search alerts as the platform shows them (docs/decisions/search-alerts.md): the browser's
 * Notification API where the person allows it (alerts.browser.ts), the desktop app's own
 * notifications, shown by main (alerts.electron.ts). The build picks one by the
 * `#platform/alerts` alias (vite.config.ts).
 */
export type AlertsPermission =
  /** The desktop app: notifications need no asking. */
  | 'app'
  | 'granted'
  /** Not asked yet: the Searches screen offers to ask. */
  | 'default'
  | 'denied'
  /** No Notification API in this browser. */
  | 'unsupported';

export interface AlertsPlatform {
  permission(): AlertsPermission;
  /** Asks the person (a click must lead here); starts showing alerts when allowed. */
  request(): Promise<AlertsPermission>;
  /** Shows alerts from now on; `open` is called with a saved search's id when one is clicked. */
  start(open: (searchId: string) => void): void;
}
