import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the platform keeps the files users upload and the documents it makes. Every module goes
 * through this interface, so that a shared object store can replace the local disk when several api
 * processes run (DESIGN.md, "Growing past one machine"). Keys are relative, slash-separated paths of
 * lower-case letters, digits, `-`, `_` and `.` (no `..`): the caller chooses them, never a user.
 */
export interface FileStorage {
  /**
   * Writes `content` under `key`. The object appears whole or not at all: when the stream fails
   * (too large, aborted upload), what was written is removed and the error is thrown.
   */
  put(key: string, content: Readable): Promise<{ size: number }>;
  /** The object's content; throws `FileNotStoredError` when there is none. */
  read(key: string): Promise<Readable>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

export class FileNotStoredError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
    this.name = 'FileNotStoredError';
  }
}

const KEY = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..')) throw new Error(`Invalid storage key: ${key}`);
}

/**
 * The default storage: files under `root` (DATA_DIR/files), readable by the api's user only (0600
 * files in 0700 folders: uploads may hold personal data). A write goes to a temporary sibling first
 * and is renamed into place, so a reader never sees half a file, even after a crash.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, content) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const partial = join(dirname(path), `.${randomBytes(8).toString('hex')}.part`);
      const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
      try {
        await pipeline(content, out);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: out.bytesWritten };
    },
    async read(key) {
      const path = pathOf(key);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) throw new FileNotStoredError(key);
      return createReadStream(path);
    },
    async size(key) {
      const found = await stat(pathOf(key)).catch(() => null);
      return found?.isFile() ? found.size : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
