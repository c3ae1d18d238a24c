import type { ProjectListPageSize } from '@lumen/contracts';
import { PROJECT_LIST_PAGE_SIZES } from '@lumen/contracts/constants';

/** How many projects a page of the list shows (issue 10 §8): 10, 25 or 50, kept in this browser. */
export const DEFAULT_PAGE_SIZE: ProjectListPageSize = 10;
export const PAGE_SIZE_STORAGE_KEY = 'lumen.projectsPageSize';

export function isPageSize(value: unknown): value is ProjectListPageSize {
  return (PROJECT_LIST_PAGE_SIZES as readonly unknown[]).includes(value);
}

/** The stored choice, when it is one of the sizes; anything else reads as 10. */
export function readPageSize(): ProjectListPageSize {
  try {
    const stored = Number(globalThis.localStorage?.getItem(PAGE_SIZE_STORAGE_KEY));
    return isPageSize(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function storePageSize(size: ProjectListPageSize): void {
  try {
    globalThis.localStorage?.setItem(PAGE_SIZE_STORAGE_KEY, String(size));
  } catch {
    // Private mode or storage full: the choice lasts for this visit only.
  }
}
