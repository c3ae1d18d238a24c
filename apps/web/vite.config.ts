import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

// The SPA is built to apps/web/dist, which the api serves with history fallback.
export default defineConfig({
  base: '/',
  plugins: [react()],
  // The manifest (dist/.vite/manifest.json) tells which chunks a route loads: bench/web-first-load.bench.ts.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': api, '/health': api, '/ready': api },
  },
  preview: { proxy: { '/api': api, '/health': api, '/ready': api } },
});
