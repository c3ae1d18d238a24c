import { startChecks } from '../../api';

/** A developer's local flag answers, by flag key: they win in this browser only (never on the server). */
export type FlagOverrides = Readonly<Record<string, boolean>>;

export const FLAG_OVERRIDES_STORAGE_KEY = 'lumen.flagOverrides';

/** The stored overrides; anything unreadable counts as none. */
export function readFlagOverrides(): FlagOverrides {
  try {
    const stored = globalThis.localStorage?.getItem(FLAG_OVERRIDES_STORAGE_KEY);
    if (!stored) return {};
    const parsed = startChecks.EvaluatedFlags.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function writeFlagOverrides(overrides: FlagOverrides): void {
  try {
    if (Object.keys(overrides).length === 0) globalThis.localStorage?.removeItem(FLAG_OVERRIDES_STORAGE_KEY);
    else globalThis.localStorage?.setItem(FLAG_OVERRIDES_STORAGE_KEY, JSON.stringify(overrides));
  } catch {
    // Private mode or storage full: the override lasts until the page is reloaded.
  }
}
