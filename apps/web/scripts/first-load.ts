// What a first visit downloads, read from the Vite build manifest (apps/web/dist/.vite/manifest.json):
// the JavaScript the entry loads (its chunk and every static import, transitively, and the steps of
// the start it imports one after the other, START_STEPS, with theirs — not its other dynamic
// imports) and, per route, that plus the lazy modules the route renders. Sizes are gzip level 9, as
// scripts/compress-dist.mjs serves them. Used by bench/web-first-load.bench.ts (figures) and
// e2e/first-load-budget.spec.ts (the budget, after the build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readStartSteps } from './start-steps';

/**
 * The first load of `/` stays at or under this much JavaScript, gzip-compressed: issue 9 §4's 170 KB.
 * It measured 155.0 KB once the start ran on react-router's declarative router and checked its
 * answers with checks compiled at build time instead of zod (apps/web/README.md, First load).
 */
export const FIRST_LOAD_BUDGET_GZIP = 170 * 1024;
/** The fonts' budget, counted apart from the JavaScript (README "Fonts"): the kit's one Latin woff2 file. */
export const FONT_BUDGET_BYTES = 30 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy modules (source paths relative to apps/web, as the manifest keys them) that each route
 * renders on arrival besides the entry. Keep it in step with src/app/routes.tsx; a module missing
 * from the build makes firstLoad throw, so a renamed page cannot silently drop out of the figures.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  // The home page is part of the entry: `/` paints it without a second round trip.
  '/': [],
  '/projects': ['src/features/projects/projects-page.tsx'],
  // The project page and the profile come with their requests (app/pages/project-page-with-requests.tsx, profile-with-requests.tsx).
  '/project/{id}': ['src/app/pages/project-page-with-requests.tsx'],
  '/create-project/select-collection': ['src/features/catalogue/select-collection-page.tsx'],
  '/add-product/{subFamilyId}/{applicationLocationId}/{model}': ['src/app/pages/configure-product-pages.tsx'],
  '/validate/{projectId}/{productId}': ['src/app/pages/validate-project-line.tsx'],
  '/my-profile': ['src/app/pages/profile-with-requests.tsx'],
  '/sandbox': ['src/features/sandbox/sandbox-page.tsx'],
};

/** The modules main.tsx imports one after the other at every start (evaluated in steps), as the manifest keys them. */
export const START_STEPS: readonly string[] = readStartSteps();

export interface LoadFigures {
  /** JavaScript files, in load order (entry first). */
  files: string[];
  raw: number;
  gzip: number;
}

export interface FirstLoadReport {
  /** The entry chunk and its static imports. */
  entry: LoadFigures;
  /** Per route: the entry's load plus the route's lazy modules and their static imports. */
  routes: Record<string, LoadFigures>;
  /** Every JavaScript file of the build, for the share the first load takes. */
  all: LoadFigures;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, keys: readonly string[], into: Set<string>): void {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed? update ROUTE_MODULES)`);
    into.add(key);
    staticClosure(manifest, chunk.imports ?? [], into);
  }
}

export function firstLoad(distDir: string, routeModules: Readonly<Record<string, readonly string[]>> = ROUTE_MODULES): FirstLoadReport {
  const manifest = readManifest(distDir);
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const content = readFileSync(join(distDir, file));
      size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const figures = (keys: Iterable<string>): LoadFigures => {
    const files = [...new Set([...keys].map((key) => manifest[key]?.file).filter((file): file is string => file?.endsWith('.js') === true))];
    return files.reduce<LoadFigures>((sum, file) => ({ files: [...sum.files, file], raw: sum.raw + sizeOf(file).raw, gzip: sum.gzip + sizeOf(file).gzip }), { files: [], raw: 0, gzip: 0 });
  };

  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry).map(([key]) => key);
  const entryKeys = new Set<string>();
  staticClosure(manifest, [...entries, ...START_STEPS], entryKeys);
  const routes: Record<string, LoadFigures> = {};
  for (const [route, modules] of Object.entries(routeModules)) {
    const keys = new Set(entryKeys);
    staticClosure(manifest, modules, keys);
    routes[route] = figures(keys);
  }
  return { entry: figures(entryKeys), routes, all: figures(Object.keys(manifest)) };
}
