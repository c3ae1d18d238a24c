import { defineConfig } from 'vitest/config';
import { startChecksPlugin } from './scripts/start-checks.ts';

// Timeouts only catch a hung test: speed is measured under bench/. npm test runs three vitest
// workers on two cores, where a screen test that types a whole form took over 15 s.
// css: false: the screens' stylesheets are not loaded into jsdom, which lays nothing out. They cost
// 12 % of the project's CPU (151 against 173 CPU-s) and no test reads a style; the kit's tokens are
// checked against its CSS in packages/ui, and what styles look like in Chromium (e2e, visual.spec).

export default defineConfig({
  plugins: [startChecksPlugin()],
  test: { name: 'web', environment: 'jsdom', globals: true, include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], setupFiles: ['./test/setup.ts'], css: false, testTimeout: 60_000, isolate: false },
});
