import { DEFAULT_THEME, isTheme, type Theme } from '@lumen/ui/theme';
import { readStored, writeStored } from './browser-storage';

// The theme kept in the browser. Apart from the preferences slice (and from the kit's index) because
// the entry reads it before anything else loads (main.tsx): importing it costs the entry nothing.

export const THEME_STORAGE_KEY = 'lumen.theme';

/** The stored theme, when it is one; anything else reads as the default (light). */
export const readStoredTheme = (): Theme => readStored(THEME_STORAGE_KEY, isTheme, DEFAULT_THEME);

export const storeTheme = (theme: Theme): void => writeStored(THEME_STORAGE_KEY, theme);
