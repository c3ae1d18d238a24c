import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { readStartSteps } from './scripts/start-steps';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * What every start imports beyond the entry, by dynamic import: the steps of main.tsx (React, the
 * router, the start's schemas, the kit's base, the app). Announced in index.html (modulepreload),
 * they download with the entry instead of each after the step before it has run: each step's chunk,
 * with the chunks it imports.
 */
const START_STEPS = readStartSteps().map((file) => `/apps/web/${file}`);

function preloadStartChunks(): Plugin {
  return {
    name: 'lumen:preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const starts = START_STEPS.map((step) => chunks.find((chunk) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(step))));
        const missing = START_STEPS.filter((_, index) => !starts[index]);
        if (missing.length > 0) throw new Error(`preloadStartChunks: no chunk holds ${missing.join(', ')}`);
        /** A chunk and every chunk it imports, transitively. */
        const closure = (file: string, files = new Set<string>()): Set<string> => {
          if (files.has(file)) return files;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) closure(imported, files);
          return files;
        };
        const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk.fileName)]));
        return [...new Set(starts.flatMap((chunk) => (chunk ? [...closure(chunk.fileName)] : [])))]
          .filter((file) => !entryFiles.has(file))
          .map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
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
  plugins: [react(), preloadStartChunks()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: ROUTER_PRODUCTION }] } : {},
  // The manifest (dist/.vite/manifest.json) tells which chunks a route loads: bench/web-first-load.bench.ts.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
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
