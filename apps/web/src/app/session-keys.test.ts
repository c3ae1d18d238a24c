import { describe, expect, it } from 'vitest';
import { readViewMode, VIEW_MODE_STORAGE_KEY } from '../features/catalogue/view-mode';
import { SESSION_LOCAL_KEYS } from '../shared/session';

describe('the keys a logout removes', () => {
  it('name the catalogue’s navigation preference by its real key, so that it reads as the default grid afterwards', () => {
    expect(SESSION_LOCAL_KEYS).toContain(VIEW_MODE_STORAGE_KEY);
    localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'list');
    for (const key of SESSION_LOCAL_KEYS) localStorage.removeItem(key);
    expect(readViewMode()).toBe('grid');
  });
});
