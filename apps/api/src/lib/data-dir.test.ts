import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DataDirError, secureDataDir, usePrivateFileModes } from './data-dir';

/** Every path under `dir` (itself included) whose group or other bits are set, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

const modeOf = (path: string) => lstatSync(path).mode & 0o7777;

/** Issue 29 §4: the data directory 0700, every file in it private, checked at start. */
describe('data directory modes', () => {
  const roots: string[] = [];
  let previousUmask: number | undefined;
  const root = () => {
    const made = mkdtempSync(join(tmpdir(), 'lumen-data-dir-'));
    roots.push(made);
    return made;
  };
  afterEach(() => {
    if (previousUmask !== undefined) process.umask(previousUmask);
    previousUmask = undefined;
    for (const made of roots.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it('creates a missing data directory 0700', () => {
    previousUmask = process.umask(0o022);
    const dir = join(root(), 'data');
    expect(secureDataDir(dir)).toMatchObject({ created: true, tightened: 0, warnings: [] });
    expect(modeOf(dir)).toBe(0o700);
  });

  it('with the start umask, the embedded database writes no file that others may read or write', async () => {
    previousUmask = process.umask(0o022);
    const restore = usePrivateFileModes();
    const dir = join(root(), 'data');
    try {
      secureDataDir(dir);
      // The suite's migrated and seeded database written out as a data dir (as the kill -9 test does), then a write.
      // Without the template (a run on PostgreSQL only) a fresh one is made: initdb, ~15 s.
      const template = inject('pgliteTemplateFile') as string | null | undefined;
      const db = template ? await PGlite.create(join(dir, 'pglite'), { loadDataDir: new Blob([readFileSync(template)]) }) : await PGlite.create(join(dir, 'pglite'));
      await db.exec('create table t (id serial primary key, v text); insert into t (v) select md5(i::text) from generate_series(1, 200) i;');
      await db.close();
    } finally {
      restore();
    }
    const files = readdirSync(join(dir, 'pglite'), { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(openToOthers(dir)).toEqual([]);
  });

  it('makes an existing open directory private and says so (0755 directory, 0666 files)', () => {
    previousUmask = process.umask(0);
    const dir = join(root(), 'data');
    mkdirSync(join(dir, 'pglite', 'base'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'pglite', 'base', '1'), 'x', { mode: 0o666 });
    writeFileSync(join(dir, 'jwt-secret'), 'x', { mode: 0o644 });
    chmodSync(dir, 0o755);
    const report = secureDataDir(dir);
    expect(report.tightened).toBe(5);
    expect(report.warnings[0]).toMatch(/was open to others \(mode 755\): 5 files and directories/);
    expect(openToOthers(dir)).toEqual([]);
    expect(modeOf(join(dir, 'pglite', 'base', '1'))).toBe(0o600);
  });

  it('refuses a shared directory such as /tmp (sticky or writable by anyone), changing nothing', () => {
    previousUmask = process.umask(0);
    const dir = join(root(), 'shared');
    mkdirSync(dir, { mode: 0o777 });
    chmodSync(dir, 0o1777);
    expect(() => secureDataDir(dir)).toThrow(DataDirError);
    expect(modeOf(dir)).toBe(0o1777);
    const open = join(root(), 'open');
    mkdirSync(open, { mode: 0o777 });
    chmodSync(open, 0o777);
    expect(() => secureDataDir(open)).toThrow(/anyone may write/);
  });
});
