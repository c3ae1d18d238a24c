/** Themes: chosen by `data-theme="light|dark"` on the html element; default light; other values ignored. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The theme a stored or received value stands for: anything but 'light' or 'dark' reads as the default. */
export function normalizeTheme(value: unknown): Theme {
  return isTheme(value) ? value : DEFAULT_THEME;
}

/** Sets the theme on the html element. A value that is not a theme is ignored (the current one stays). */
export function applyTheme(value: unknown, root: HTMLElement = document.documentElement): Theme {
  if (isTheme(value)) root.dataset.theme = value;
  return currentTheme(root);
}

export function currentTheme(root: HTMLElement = document.documentElement): Theme {
  return normalizeTheme(root.dataset.theme);
}
