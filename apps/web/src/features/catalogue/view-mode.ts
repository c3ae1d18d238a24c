import { useCallback, useState } from 'react';

/** How the collections are shown. Default grid (spec §9: default catalogue view mode grid). */
export type ViewMode = 'grid' | 'list';
export const DEFAULT_VIEW_MODE: ViewMode = 'grid';
export const VIEW_MODE_STORAGE_KEY = 'lumen.catalogueViewMode';

export function isViewMode(value: unknown): value is ViewMode {
  return value === 'grid' || value === 'list';
}

/** The stored choice, when it is one; anything else reads as grid. */
export function readViewMode(): ViewMode {
  try {
    const stored = globalThis.localStorage?.getItem(VIEW_MODE_STORAGE_KEY);
    return isViewMode(stored) ? stored : DEFAULT_VIEW_MODE;
  } catch {
    return DEFAULT_VIEW_MODE;
  }
}

function storeViewMode(mode: ViewMode): void {
  try {
    globalThis.localStorage?.setItem(VIEW_MODE_STORAGE_KEY, mode);
  } catch {
    // Private mode or storage full: the choice lasts for this visit only.
  }
}

/** The view mode, kept in this browser so that it survives reloads and later visits. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(readViewMode);
  const change = useCallback((next: ViewMode) => {
    setMode(next);
    storeViewMode(next);
  }, []);
  return [mode, change];
}
