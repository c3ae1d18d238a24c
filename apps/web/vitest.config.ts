import { defineConfig } from 'vitest/config';
import { startChecksPlugin } from './scripts/start-checks.ts';

// Timeouts only catch a hung test: speed is measured under bench/. npm test runs three vitest
// workers on two cores, where a screen test that types a whole form took over 15 s.

export default defineConfig({
  plugins: [startChecksPlugin()],
  test: { name: 'web', environment: 'jsdom', globals: true, include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], setupFiles: ['./test/setup.ts'], css: true, testTimeout: 60_000, isolate: false },
});
