import { describe, expect, it } from 'vitest';
import { taskbarProgress } from '../../electron/shell/service-progress.js';

describe('the window’s progress bar during a sync', () => {
  it('shows the share done when the phase’s total is known', () => {
    expect(taskbarProgress({ task: 'sync', phase: 'cards', done: 250, total: 1000 })).toBe(0.25);
    expect(taskbarProgress({ task: 'sync', phase: 'details', done: 1000, total: 1000 })).toBe(1);
  });

  it('is indeterminate (above 1, as Electron reads it) while the total is unknown or zero', () => {
    expect(taskbarProgress({ task: 'sync', phase: 'companies', done: 40 })).toBeGreaterThan(1);
    expect(taskbarProgress({ task: 'sync', phase: 'saved', done: 0, total: 0 })).toBeGreaterThan(1);
  });

  it('never passes full, and is removed (-1) once the sync is over', () => {
    expect(taskbarProgress({ task: 'sync', phase: 'commit', done: 12, total: 10 })).toBe(1);
    expect(taskbarProgress({ task: 'sync', over: true })).toBe(-1);
  });
});
