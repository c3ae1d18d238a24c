import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import type * as StartAfterPaint from '@lumen/contracts/start-after-paint';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { startChecksPlugin } from './scripts/start-checks.ts';
import { readStartSteps } from './scripts/start-steps.ts';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * What every start imports beyond the entry, by dynamic import: the steps of main.tsx (React, the
 * router, the kit's base, the app). Announced in index.html (modulepreload), they download with the
 * entry instead of each after the step before it has run: each step's chunk, with the chunks it
 * imports.
 */
const START_STEPS = readStartSteps().map((file) => `/apps/web/${file}`);

/**
 * The pages whose top the api paints into index.html (apps/api/src/http/first-view.ts), by the name
 * the api knows them by, with the modules their start imports after the app's: the screen, its first
 * load (RouteHandle.ready) and, for a session, the header's menus. The build lists their files in
 * .vite/screens.json (what the start does not load already), and the api announces them in the page
 * it paints: they download with the start's instead of once the app has run, and the start's import
 * of the screen has nothing left to append to the page (issue 9 §4).
 */
const SESSION_HEADER = 'src/app/header-menus.tsx';
/** The footer's tools (catalogue, website search), which every page loads after its first paint. */
const FOOTER_TOOLS = 'src/app/footer-tools.tsx';
const SCREENS: Readonly<Record<string, readonly string[]>> = {
  projects: ['src/features/projects/projects-page.tsx', 'src/features/projects/project-start.ts', SESSION_HEADER, FOOTER_TOOLS],
  project: ['src/app/pages/project-page-with-requests.tsx', 'src/features/projects/project-start.ts', SESSION_HEADER, FOOTER_TOOLS],
};

type Chunk = Extract<Rolldown.OutputBundle[string], { type: 'chunk' }>;

/** The chunk that holds a module of apps/web (a path under it) or of the monorepo (from /packages, /apps). */
function chunkHolding(chunks: readonly Chunk[], module: string): Chunk {
  const suffix = module.startsWith('/') ? module : `/apps/web/${module}`;
  const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(suffix)));
  if (!chunk) throw new Error(`lumen:announce-first-loads: no chunk holds ${module}`);
  return chunk;
}

/** A chunk and every chunk it imports, transitively. */
function closure(chunks: readonly Chunk[], file: string, files = new Set<string>()): Set<string> {
  if (files.has(file)) return files;
  files.add(file);
  for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) closure(chunks, imported, files);
  return files;
}

/** The files of every start: the entry's, then the start steps' (index.html loads the first, announces the others). */
function startFiles(chunks: readonly Chunk[]): { entry: Set<string>; steps: Set<string> } {
  const entry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunks, chunk.fileName)]));
  const steps = new Set(START_STEPS.flatMap((step) => [...closure(chunks, chunkHolding(chunks, step).fileName)]).filter((file) => !entry.has(file)));
  return { entry, steps };
}

const cssOf = (chunks: readonly Chunk[], files: Iterable<string>) =>
  new Set([...files].flatMap((file) => [...(chunks.find((chunk) => chunk.fileName === file)?.viteMetadata?.importedCss ?? [])]));

/** A piece of index.html the build moves, or the build fails: a page that started nothing would pass unnoticed. */
function cut(html: string, pattern: RegExp, what: string): { html: string; piece: string } {
  const match = pattern.exec(html);
  if (!match) throw new Error(`lumen:announce-first-loads: index.html has no ${what}`);
  // The piece is the pattern's group when it has one (the element without the comment above it).
  return { html: html.slice(0, match.index) + html.slice(match.index + match[0].length), piece: (match[1] ?? match[0]).trim() };
}

/**
 * index.html with its start held for after the first paint (@lumen/contracts/start-after-paint): the
 * stylesheet and the font stay in the head; the runtime configuration's preload, the entry script and
 * the start's announced files go into the start's template, in that order (the api adds the start's
 * calls at its top and a screen's files at its end); the inline script that moves them ends the body.
 */
async function startAfterPaint(source: string, fontLinks: readonly string[], startLinks: readonly string[]): Promise<string> {
  const { START_AFTER_PAINT_SCRIPT, START_TEMPLATE_ID } = (await tsImport('@lumen/contracts/start-after-paint', import.meta.url)) as typeof StartAfterPaint;
  const config = cut(source, /(?:<!--(?:(?!-->)[^])*-->\s*)?(<link rel="preload" href="\/config\.json"[^>]*>)\s*/, 'preload of /config.json');
  const script = cut(config.html, /<script type="module" crossorigin src="[^"]+"><\/script>\s*/, 'entry script');
  const template = `<template id="${START_TEMPLATE_ID}">${[config.piece, script.piece, ...startLinks].join('')}</template>`;
  return script.html.replace('</head>', `${fontLinks.join('')}${template}</head>`).replace('</body>', `<script>${START_AFTER_PAINT_SCRIPT}</script></body>`);
}

function announceFirstLoads(): Plugin {
  const chunksOf = (bundle: Rolldown.OutputBundle) => Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  return {
    name: 'lumen:announce-first-loads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = chunksOf(bundle);
        const { entry, steps } = startFiles(chunks);
        const entryCss = cssOf(chunks, entry);
        // The kit's one font file (packages/ui fonts.css), fetched beside the stylesheet rather than
        // once it is parsed: it is in before the first render, so the swap moves nothing.
        const fonts = Object.values(bundle).filter((output) => output.type === 'asset' && /\.woff2$/.test(output.fileName));
        const fontLinks = fonts.map((font) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font.fileName}">`);
        // The steps' styles fetched with the start and applied by their import (as the api announces a screen's).
        const startLinks = [
          ...[...steps].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...cssOf(chunks, steps)].filter((file) => !entryCss.has(file)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        return startAfterPaint(html, fontLinks, startLinks);
      },
    },
    // After Vite's own generateBundle hooks: they drop the chunks that held only styles (their
    // stylesheet stays), which must not be announced as scripts (a 404 in every page that did).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = chunksOf(bundle);
        const { entry, steps } = startFiles(chunks);
        const started = new Set([...entry, ...steps]);
        const startedCss = cssOf(chunks, started);
        const screens = Object.fromEntries(
          Object.entries(SCREENS).map(([name, modules]) => {
            const files = new Set(modules.flatMap((module) => [...closure(chunks, chunkHolding(chunks, module).fileName)]));
            const scripts = [...files].filter((file) => !started.has(file));
            return [name, { scripts: scripts.map((file) => `/${file}`), styles: [...cssOf(chunks, files)].filter((file) => !startedCss.has(file)).map((file) => `/${file}`) }];
          }),
        );
        this.emitFile({ type: 'asset', fileName: '.vite/screens.json', source: JSON.stringify(screens, null, 2) });
      },
    },
  };
}

/**
 * The libraries every start runs in three chunks rather than in the half-score the bundler would
 * share them in with lazy screens (one file compresses better than its parts and is one request),
 * and three because main.tsx evaluates them in steps: React, the router, then the rest (the store,
 * i18next, OpenFeature) with the app (issue 9 §4).
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER = /[\\/]node_modules[\\/]react-router[\\/]/;
const FRAMEWORK = /[\\/]node_modules[\\/](i18next|react-i18next|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store|@openfeature[\\/][^\\/]+|js-cookie)[\\/]/;

/**
 * React Router's package exports only its development build; its production build (the same code
 * without the development warnings) is beside it. The build takes that one (1–2 KB less at start).
 */
const ROUTER_PRODUCTION = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

// The SPA is built to apps/web/dist, which the api serves with history fallback.
export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react(), startChecksPlugin(), announceFirstLoads()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: ROUTER_PRODUCTION }] } : {},
  // The manifest (dist/.vite/manifest.json) tells which chunks a route loads: bench/web-first-load.bench.ts.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 2 },
            { name: 'router', test: ROUTER, priority: 2 },
            { name: 'framework', test: FRAMEWORK, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/health': api, '/ready': api },
  },
  preview: { proxy: { '/api': api, '/health': api, '/ready': api } },
}));
