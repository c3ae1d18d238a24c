import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_MARKER_EXEMPT, ENGINE_MARKERS, ENGINE_TEST_FILES, ISOLATED_TEST_FILES, RESILIENCE_TEST_FILES } from '../test/engine-suite';

const root = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

// The tests of the engine layer itself: the database client, migrations and seeds, the job queue, the audit trail.
const ENGINE_LAYER = ['src/db/', 'src/lib/jobs/', 'src/lib/audit/'];

describe('the api suite split between engines (test/engine-suite.ts)', () => {
  const all = testFiles(join(root, 'src'));
  const listed = new Set([...ENGINE_TEST_FILES, ...RESILIENCE_TEST_FILES]);

  it('names only files that exist', () => {
    for (const file of [...ENGINE_TEST_FILES, ...ISOLATED_TEST_FILES, ...RESILIENCE_TEST_FILES, ...Object.keys(ENGINE_MARKER_EXEMPT)]) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
  });

  it('lists every test of the engine layer and every test file that uses the engine', () => {
    const missing = all.filter((file) => {
      if (listed.has(file) || file in ENGINE_MARKER_EXEMPT || file === 'src/engine-suite.test.ts') return false;
      if (ENGINE_LAYER.some((prefix) => file.startsWith(prefix))) return true;
      const text = readFileSync(join(root, file), 'utf8');
      return ENGINE_MARKERS.some((marker) => marker.test(text));
    });
    expect(missing).toEqual([]);
  });

  it('finds the files it is meant to find (the rule is not vacuous)', () => {
    expect(all.length).toBeGreaterThan(50);
    expect(all).toContain('src/modules/flags/flags.test.ts');
    const text = readFileSync(join(root, 'src/modules/flags/flags.test.ts'), 'utf8');
    expect(ENGINE_MARKERS.some((marker) => marker.test(text))).toBe(true);
  });
});
