import { create } from 'zustand';

/** What the global shortcuts act on: the screen in front registers its list and its way back. */
export interface KeyboardTargets {
  /** The list j/k move through and Enter opens. */
  list?: { move(delta: number): void; open(): void; toggleSave?(): void };
  /** Esc: close the open detail, or leave the screen. */
  back?: () => boolean;
  /** `/`: the screen's search box. */
  search?: () => void;
}

export const useKeyboardTargets = create<KeyboardTargets>(() => ({}));
