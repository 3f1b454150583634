import type { SyncPhase } from '#service/sync/progress';

/**
 * Long work the service reports to main as it goes (a `progress` event from the worker): a sync's
 * phase and counts, then `over` once it has ended, however it ended.
 */
export type ServiceProgress = { task: 'sync'; phase: SyncPhase; done: number; total?: number } | { task: 'sync'; over: true };

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
