import { defineConfig } from 'vitest/config';

// The api's tests run through the root vitest.config.ts (projects api-postgres, api-pglite and their
// -isolated files, which set the options); this file lets an editor or `npx vitest` run them from
// here, on PGlite (TEST_DB picks), every file, see test/global-setup.ts.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
