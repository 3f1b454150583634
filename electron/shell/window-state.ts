/** A window's place on screen, as BrowserWindow takes and reports it. */
export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/** What the app remembers between runs (Settings key `window.state`). */
export interface WindowState extends WindowBounds {
  maximized: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WINDOW_STATE_KEY = 'window.state';
export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;
export const MIN_SIZE = { width: 720, height: 480 } as const;
/** How much of the title bar must be on a display for the saved position to be kept. */
const VISIBLE_MIN = 64;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The window to open, from what was saved and the displays there are now. A saved value that is
 * not a window state, or a position on a display that is gone, falls back to a centred default
 * (no x/y); a size is clamped to fit the display it lands on.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[]): WindowState {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>;
  const primary = workAreas[0];
  let width = isInt(s.width) ? Math.round(s.width) : DEFAULT_SIZE.width;
  let height = isInt(s.height) ? Math.round(s.height) : DEFAULT_SIZE.height;
  width = Math.max(MIN_SIZE.width, width);
  height = Math.max(MIN_SIZE.height, height);
  const maximized = s.maximized === true;
  if (isInt(s.x) && isInt(s.y)) {
    const x = Math.round(s.x);
    const y = Math.round(s.y);
    // The title bar strip must be reachable, or the user could not move the window back.
    const titleBar = { x, y, width, height: 32 };
    const home = workAreas.find((a) => overlap(titleBar, a) >= VISIBLE_MIN * titleBar.height);
    if (home) {
      return { x, y, width: Math.min(width, home.width), height: Math.min(height, home.height), maximized };
    }
  }
  if (primary) {
    width = Math.min(width, primary.width);
    height = Math.min(height, primary.height);
  }
  return { width, height, maximized };
}

/** What to save: the normal (unmaximized) bounds, so un-maximizing next time restores them. */
export function windowStateToSave(normalBounds: Rect, maximized: boolean): WindowState {
  return { x: normalBounds.x, y: normalBounds.y, width: normalBounds.width, height: normalBounds.height, maximized };
}
