import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../shared/browser-storage';

/** How the collections are shown. Default grid (spec §9: default catalogue view mode grid). */
export type ViewMode = 'grid' | 'list';
export const DEFAULT_VIEW_MODE: ViewMode = 'grid';
export const VIEW_MODE_STORAGE_KEY = 'lumen.catalogueViewMode';

export function isViewMode(value: unknown): value is ViewMode {
  return value === 'grid' || value === 'list';
}

/** The stored choice, when it is one; anything else reads as grid. */
export const readViewMode = (): ViewMode => readStored(VIEW_MODE_STORAGE_KEY, isViewMode, DEFAULT_VIEW_MODE);

/** The view mode, kept in this browser so that it survives reloads and later visits. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(readViewMode);
  const change = useCallback((next: ViewMode) => {
    setMode(next);
    writeStored(VIEW_MODE_STORAGE_KEY, next);
  }, []);
  return [mode, change];
}
