import { DEFAULT_THEME, isTheme, type Theme } from '@lumen/ui/theme';

// The theme kept in the browser. Apart from the preferences slice (and from the kit's index) because
// the entry reads it before anything else loads (main.tsx): importing it costs the entry nothing.

export const THEME_STORAGE_KEY = 'lumen.theme';

/** The stored theme, when it is one; anything else reads as the default (light). */
export function readStoredTheme(): Theme {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or storage full: the theme simply does not survive a reload.
  }
}
