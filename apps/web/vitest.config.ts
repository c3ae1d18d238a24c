import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'web', environment: 'jsdom', globals: true, include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['./test/setup.ts'], css: true, testTimeout: 15_000 },
});
