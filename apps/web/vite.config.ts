import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

// The SPA is built to apps/web/dist, which the api serves with history fallback.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': api, '/health': api, '/ready': api },
  },
  preview: { proxy: { '/api': api, '/health': api, '/ready': api } },
});
