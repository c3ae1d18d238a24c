import { defineConfig } from 'vitest/config';

// Run through the root projects api-pglite and api-postgres (TEST_DB), see test/global-setup.ts.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file builds its own app on its own database (test/test-app.ts); no module keeps a test's
    // state. Sharing the loaded modules between the files of a worker saves importing the whole api
    // again per file, which was most of the suite's time (api-postgres 183 s → 84 s here).
    isolate: false,
    // Hang guards only (speed is measured under bench/); PGlite under a loaded CI is slow.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
