/**
 * Where the renderer lives: a privileged custom scheme served by main (never file://), so the
 * page has a real origin for the CSP and for the IPC sender check.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'jobindex';
/** The renderer's entry page. */
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** True when `url` is a page of our own renderer (scheme and host; `URL.origin` is "null" for custom schemes). */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}
