import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, MIN_SIZE, restoreWindowState, windowStateToSave } from '../../electron/shell/window-state.js';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('window state', () => {
  it('reopens where the window was', () => {
    const saved = windowStateToSave({ x: 1600, y: 100, width: 1300, height: 900 }, true);
    expect(restoreWindowState(saved, [laptop, external])).toEqual({
      x: 1600,
      y: 100,
      width: 1300,
      height: 900,
      maximized: true,
    });
  });

  it('centres a window whose display is gone (no x/y), sized to fit the primary display', () => {
    const saved = { x: 1600, y: 100, width: 2000, height: 1200, maximized: false };
    expect(restoreWindowState(saved, [laptop])).toEqual({ width: 1440, height: 875, maximized: false });
  });

  it('keeps a window whose title bar is partly on screen, clamped to that display', () => {
    expect(restoreWindowState({ x: -600, y: 50, width: 800, height: 2000 }, [laptop])).toEqual({
      x: -600,
      y: 50,
      width: 800,
      height: 875,
      maximized: false,
    });
  });

  it('falls back to the default for nothing saved or a value that is not a window state', () => {
    for (const saved of [undefined, null, 'big', [1, 2], { width: 'wide', height: null }]) {
      expect(restoreWindowState(saved, [external])).toEqual({ ...DEFAULT_SIZE, maximized: false });
    }
  });

  it('never opens smaller than the minimum', () => {
    expect(restoreWindowState({ width: 10, height: 10 }, [external])).toMatchObject(MIN_SIZE);
  });
});
