import { create } from 'zustand';
import { THEMES, type Theme } from '#shared/rules/theme';
import { isOneOf } from '#shared/rules/vocabulary';

// The theme lives in the user's file (SettingsService); a copy in localStorage paints the first
// frame in it, before the service answers.
const CACHE_KEY = 'jobindex.theme';

/** `system` leaves light or dark to the system (the stylesheet's `color-scheme: light dark`). */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(CACHE_KEY, theme);
  } catch {
    // Storage refused (private mode): the theme still applies; only the first frame may differ.
  }
}

/** The theme the last run chose, for the first frame. */
export function cachedTheme(): Theme {
  try {
    const t = localStorage.getItem(CACHE_KEY);
    return t !== null && isOneOf(THEMES, t) ? t : 'system';
  } catch {
    return 'system';
  }
}

interface ThemeStore {
  theme: Theme;
  /** Shows a theme (the service's, or the one just chosen). */
  show(theme: string): void;
}

export const useTheme = create<ThemeStore>((set) => ({
  theme: cachedTheme(),
  show(theme) {
    const t = isOneOf(THEMES, theme) ? theme : 'system';
    applyTheme(t);
    set({ theme: t });
  },
}));
