import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, newestInputMtime, STAMP_FILE, staleReason } from './build.mjs';

const T0 = new Date('2026-01-01T00:00:00Z').getTime();

describe('the start-up build check', () => {
  let root;
  const write = (path, content = 'x', mtimeMs = T0) => {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    utimesSync(file, mtimeMs / 1000, mtimeMs / 1000);
  };
  const stamp = (startedAt) => write(STAMP_FILE, JSON.stringify({ startedAt }));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'lumen-build-check-'));
    write('package-lock.json');
    write('apps/web/src/main.tsx');
    write('apps/api/src/main.ts');
    write('packages/domain/src/index.ts');
    for (const output of BUILD_OUTPUTS) write(output, 'built', T0 + 2000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds the build current when nothing changed since the stamp', () => {
    stamp(T0 + 1000);
    expect(staleReason(root)).toBeNull();
  });

  it('builds when a source, a package or the lockfile is newer than the stamp', () => {
    for (const path of ['apps/web/src/features/a.tsx', 'apps/api/src/main.ts', 'packages/domain/src/index.ts', 'package-lock.json']) {
      stamp(T0 + 1000);
      write(path, 'changed', T0 + 5000);
      expect(staleReason(root), path).toBe('sources changed since the last build');
      write(path, 'x', T0);
    }
  });

  it('ignores tests, dist and node_modules', () => {
    stamp(T0 + 1000);
    write('apps/web/src/app.test.tsx', 'test', T0 + 5000);
    write('packages/ui/test/setup.ts', 'test', T0 + 5000);
    write('packages/ui/node_modules/x/index.js', 'dep', T0 + 5000);
    write('packages/ui/dist/index.js', 'out', T0 + 5000);
    expect(newestInputMtime(root)).toBe(T0);
    expect(staleReason(root)).toBeNull();
  });

  it('builds when an output is missing or no complete build was recorded', () => {
    expect(staleReason(root)).toBe('no record of a complete build');
    stamp(T0 + 1000);
    rmSync(join(root, 'apps/api/dist/main.js'));
    expect(staleReason(root)).toBe('apps/api/dist/main.js is missing');
  });
});
