import fs, { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data directory is private to the server's user (issue 29 §4): the embedded database, the JWT
 * secret, uploads and the mail outbox live there. main.ts calls `usePrivateFileModes` first (before
 * the configuration writes the secret), then `secureDataDir` on the configured directory.
 */

/** Group and others: any of their bits. */
const SHARED_BITS = 0o077;

/**
 * Every file and directory the process creates from now on is its user's only: umask 077 (0600
 * files, 0700 directories), and explicit chmods lose the group and other bits too. The embedded
 * database (PGlite's file system layer) chmods every file it creates to 0666 after creating it, which
 * a umask alone does not stop. Returns a function that puts both back (tests).
 */
export function usePrivateFileModes(): () => void {
  const previousUmask = process.umask(SHARED_BITS);
  const { chmodSync: chmod, fchmodSync: fchmod } = fs;
  const privateMode = (mode: fs.Mode): fs.Mode => (typeof mode === 'number' ? mode & ~SHARED_BITS : mode);
  fs.chmodSync = (path, mode) => chmod(path, privateMode(mode));
  fs.fchmodSync = (fd, mode) => fchmod(fd, privateMode(mode));
  return () => {
    process.umask(previousUmask);
    fs.chmodSync = chmod;
    fs.fchmodSync = fchmod;
  };
}

export interface DataDirReport {
  /** The directory did not exist and was made 0700. */
  created: boolean;
  /** Files and directories of ours inside it that others could read or write, made private. */
  tightened: number;
  /** What to log at start as a warning. */
  warnings: string[];
}

export class DataDirError extends Error {}

function ownedByUs(uid: number): boolean {
  return typeof process.getuid !== 'function' || process.getuid() === 0 || process.getuid() === uid;
}

/**
 * Makes the data directory private: created 0700 when missing; when it exists with group or other
 * access, it and everything of ours inside it lose those bits (a warning says how many); a directory
 * that anyone may write (or a sticky one such as /tmp) refuses the start (DataDirError): another
 * user could swap the database or the secret under us, and its modes are not ours to change. Symbolic links are not followed.
 */
export function secureDataDir(dir: string): DataDirReport {
  let created = false;
  try {
    lstatSync(dir);
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    created = true;
  }
  const top = lstatSync(dir);
  if (!top.isDirectory()) throw new DataDirError(`DATA_DIR ${dir} is not a directory`);
  // A shared directory such as /tmp (sticky, or anyone may write) is not a data directory: changing its modes would break it for others.
  if ((top.mode & 0o1000) !== 0 || (!created && (top.mode & 0o002) !== 0)) {
    throw new DataDirError(`DATA_DIR ${dir} is a shared directory (mode ${(top.mode & 0o7777).toString(8)}: anyone may write into it): give the server a directory of its own`);
  }
  if (!ownedByUs(top.uid)) {
    if ((top.mode & SHARED_BITS) !== 0) {
      return { created, tightened: 0, warnings: [`DATA_DIR ${dir} belongs to another user and is open to others (mode ${(top.mode & 0o777).toString(8)}): make it 0700 and the server's own`] };
    }
    return { created, tightened: 0, warnings: [] };
  }
  const wasOpen = (top.mode & SHARED_BITS) !== 0;
  let tightened = 0;
  const walk = (path: string): void => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink() || !ownedByUs(stat.uid)) return;
    if ((stat.mode & SHARED_BITS) !== 0) {
      chmodSync(path, stat.mode & 0o700);
      tightened += 1;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  const warnings =
    tightened > 0 ? [`DATA_DIR ${dir}${wasOpen ? ` was open to others (mode ${(top.mode & 0o777).toString(8)})` : ''}: ${tightened} files and directories readable or writable by others were made private (0600/0700)`] : [];
  return { created, tightened, warnings };
}
