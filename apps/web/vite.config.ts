import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Every start imports the schemas of '@lumen/contracts/start' beside `/config.json` (src/api/contract-schemas.ts), a
 * chunk of their own kept out of the entry. Announced in index.html, they download with the entry
 * instead of after it has run (one round trip less before the texts can be asked for).
 */
function preloadStartChunks(): Plugin {
  return {
    name: 'lumen:preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const contracts = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.replaceAll('\\', '/').endsWith('/packages/contracts/src/start.ts'));
        if (!contracts) throw new Error('preloadStartChunks: the contracts chunk is not in the build');
        /** A chunk and every chunk it imports, transitively. */
        const closure = (file: string, files = new Set<string>()): Set<string> => {
          if (files.has(file)) return files;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) closure(imported, files);
          return files;
        };
        const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk.fileName)]));
        return [...closure(contracts.fileName)]
          .filter((file) => !entryFiles.has(file))
          .map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
      },
    },
  };
}

/**
 * The libraries every start runs (React, the router, the store, i18next, OpenFeature) in one chunk
 * rather than in the half-score of chunks the bundler would share them in with lazy screens: one
 * file compresses better than its parts and is one request (issue 9 §4).
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store|@openfeature[\\/][^\\/]+|js-cookie)[\\/]/;

// The SPA is built to apps/web/dist, which the api serves with history fallback.
export default defineConfig({
  base: '/',
  plugins: [react(), preloadStartChunks()],
  // The manifest (dist/.vite/manifest.json) tells which chunks a route loads: bench/web-first-load.bench.ts.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/health': api, '/ready': api },
  },
  preview: { proxy: { '/api': api, '/health': api, '/ready': api } },
});
