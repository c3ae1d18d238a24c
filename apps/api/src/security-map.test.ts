import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * SECURITY.md maps ASVS 5.0 L2 to code and tests (issue 29): every test it names exists, and every
 * L1/L2 chapter of the standard has its section, so the map cannot silently point at nothing.
 */
describe('SECURITY.md', () => {
  const text = readFileSync(join(ROOT, 'SECURITY.md'), 'utf8');

  it('names a reporting address', () => {
    expect(text).toMatch(/## Reporting a vulnerability[\s\S]*?\*\*[\w.+-]+@[\w.-]+\*\*/);
  });

  it('has a section for every ASVS 5.0 chapter (V1–V17)', () => {
    for (let chapter = 1; chapter <= 17; chapter += 1) expect(text, `V${chapter}`).toMatch(new RegExp(`^### V${chapter} `, 'm'));
  });

  it('points only at files that exist', () => {
    const named = [...text.matchAll(/`(api|web):([\w./*-]+)`/g)].map(([, where, path]) => ({ where, path: path ?? '' }));
    expect(named.length).toBeGreaterThan(60);
    const missing = named
      .filter(({ path }) => !path.includes('*') && /\.(ts|tsx)$/.test(path))
      .filter(({ where, path }) => !existsSync(join(ROOT, where === 'api' ? 'apps/api/src' : 'apps/web/src', path)))
      .map(({ where, path }) => `${where}:${path}`);
    expect([...new Set(missing)]).toEqual([]);
    const others = [...text.matchAll(/`(e2e\/[\w./-]+\.ts|packages\/[\w./-]+\.ts)`/g)].map(([, path]) => path ?? '').filter((path) => !existsSync(join(ROOT, path)));
    expect(others).toEqual([]);
  });
});
