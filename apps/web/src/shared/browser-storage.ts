// A choice kept in this browser (localStorage), read and written so that a browser without storage
// (private mode, storage full, blocked) only loses the choice, never the page.

/** The value kept under `key` when `isValid` takes it; `fallback` otherwise, or without storage. */
export function readStored<T extends string>(key: string, isValid: (value: unknown) => value is T, fallback: T): T {
  try {
    const stored = globalThis.localStorage?.getItem(key);
    return isValid(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

/** Keeps `value` under `key`; without storage it lasts for this visit only. */
export function writeStored(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or storage full: the choice does not survive a reload.
  }
}
