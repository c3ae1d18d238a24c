import { LRUCache } from 'lru-cache';
import type { Database } from './client';

/** The channel of migration 0010's triggers: the payload is the changed table's name. */
export const DATA_CHANGES_CHANNEL = 'lumen_data_changes';

/** Tables whose changes are announced (migration 0010 puts a trigger on each). */
/** catalogue_versions: migration 0025 (a catalogue published or restored, issue 31). */
export type AnnouncedTable = 'projects' | 'project_products' | 'users' | 'sales_company_assignments' | 'catalogue_versions';

/**
 * Versions of tables, per process: a table's version moves whenever it may have changed, in this
 * process or another, so a read kept in memory under the versions it was made at is known to be
 * current while they hold.
 *
 * - Another process's (or a background task's) commit: each announced table has a statement trigger
 *   that sends `pg_notify('lumen_data_changes', <table>)`, delivered when the transaction commits
 *   (LISTEN on a PostgreSQL server; in process on PGlite). After the listening connection comes
 *   back, every version moves, since notifications sent meanwhile are lost.
 * - This process's own writes: `touchAll()` moves every version at once (the app calls it before the
 *   answer of every request that may write leaves), so a client reads its own write even before the
 *   server's notification comes back.
 */
export interface DataChanges {
  /** One number for the tables together: it changes whenever any of them may have changed. */
  version(tables: readonly AnnouncedTable[]): number;
  touch(table: string): void;
  touchAll(): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createDataChanges(database: Pick<Database, 'listen'>): DataChanges {
  const versions = new Map<string, number>();
  // Moved on touchAll; part of every table's version so one increment covers them all.
  let everything = 0;
  let unlisten: (() => Promise<void>) | undefined;
  const touch = (table: string): void => {
    versions.set(table, (versions.get(table) ?? 0) + 1);
  };
  return {
    version(tables) {
      let sum = everything;
      for (const table of tables) sum += versions.get(table) ?? 0;
      return sum;
    },
    touch,
    touchAll() {
      everything += 1;
    },
    async start() {
      unlisten = await database.listen(DATA_CHANGES_CHANNEL, touch, () => {
        everything += 1;
      });
    },
    async close() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}

export interface ReadCache<V> {
  /**
   * The value kept for `key` while the tables' version holds, else `load()`'s (kept under the version
   * seen before it ran, so a change during the load makes it stale at once). Concurrent misses of one
   * key share one load.
   */
  get(key: string, load: () => Promise<V>): Promise<V>;
}

/**
 * Reads kept in memory until a table they read changes (see DataChanges): at most `max` entries, or
 * `maxSize` by `sizeOf` (e.g. lines), least recently used first out.
 */
export function createReadCache<V extends object>(
  changes: DataChanges,
  tables: readonly AnnouncedTable[],
  limits: { max: number; maxSize?: number; sizeOf?: (value: V) => number },
): ReadCache<V> {
  type Entry = { version: number; value: Promise<V>; size: number };
  const { sizeOf, maxSize } = limits;
  const entries = new LRUCache<string, Entry>({ max: limits.max, ...(maxSize !== undefined ? { maxSize, sizeCalculation: (entry: Entry) => entry.size } : {}) });
  return {
    async get(key, load) {
      const version = changes.version(tables);
      const known = entries.get(key);
      if (known && known.version === version) return known.value;
      const entry: Entry = { version, value: load(), size: 1 };
      entries.set(key, entry);
      try {
        const loaded = await entry.value;
        // Sized once loaded (a value larger than maxSize is not kept).
        if (sizeOf && entries.peek(key) === entry) entries.set(key, { ...entry, size: Math.max(1, sizeOf(loaded)) });
        return loaded;
      } catch (error) {
        if (entries.peek(key) === entry) entries.delete(key);
        throw error;
      }
    },
  };
}
