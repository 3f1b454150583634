import { isAppUrl } from '#shared/ipc/app-origin';

/**
 * What to do when a page tries to go to `url` (a link, `window.open`, a redirect): stay only on
 * the app's own pages; web and mail links open in the system's browser or mail client, never
 * inside the app; anything else (file:, javascript:, custom schemes) is dropped.
 */
export type NavigationDecision = 'stay' | 'open-externally' | 'deny';

const EXTERNAL = new Set(['https:', 'http:', 'mailto:']);

export function navigationDecision(url: string): NavigationDecision {
  if (isAppUrl(url)) return 'stay';
  try {
    return EXTERNAL.has(new URL(url).protocol) ? 'open-externally' : 'deny';
  } catch {
    return 'deny';
  }
}
