import type { ServiceProgress } from '#worker/service-protocol';

/**
 * The window's taskbar/dock progress bar for it (BrowserWindow.setProgressBar): the share done when
 * the total is known, Electron's "indeterminate" (any value above 1) while it is not, and -1
 * (no bar) once the work is over.
 */
export function taskbarProgress(p: ServiceProgress): number {
  if ('over' in p) return -1;
  if (p.total === undefined || p.total <= 0) return 2;
  return Math.min(1, p.done / p.total);
}
