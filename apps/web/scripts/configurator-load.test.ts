import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

// Issue 35 §5: a configurator page paints its title and picture (its largest paint) from a light
// screen; the configurator itself (the domain's light configurator and the option widgets), its
// actions (projects, downloads) and the rule book's parser (zod) are modules fetched after. Read from
// the build's manifest; skipped without a build, as first-load.test.ts is (npm test builds first).
const dist = join(import.meta.dirname, '../dist');
const manifestPath = `${dist}/.vite/manifest.json`;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

describe.skipIf(!existsSync(manifestPath))('the configurator page in the built app', () => {
  test("its screen's modules (what the start preloads) hold neither the configurator, nor its actions, nor zod", () => {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const screen = Object.keys(manifest).find((key) => key.endsWith('src/app/pages/configure-product-pages.tsx'));
    expect(screen, 'the configurator pages are a chunk').toBeDefined();
    const files = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    walk(screen ?? '');
    const sources = [...files].flatMap((file) => (existsSync(`${dist}/${file}.map`) ? (JSON.parse(readFileSync(`${dist}/${file}.map`, 'utf8')) as { sources: string[] }).sources : []));
    expect(sources.some((source) => source.endsWith('features/configurator/configurator-page.tsx')), 'the header is in the screen').toBe(true);
    for (const later of ['features/configurator/configurator.tsx', 'features/projects/add-to-project.tsx', 'features/downloads/product-documents-button.tsx', 'domain/src/rules/rule-book.schema.ts']) {
      expect(sources.filter((source) => source.endsWith(later)), later).toEqual([]);
    }
    expect(sources.filter((source) => source.includes('node_modules/zod/'))).toEqual([]);
  });
});
