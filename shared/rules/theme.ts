/** The app's themes: follow the system's light or dark, or one of them always. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Settings key of the theme in the user's file. */
export const THEME_KEY = 'ui.theme';
