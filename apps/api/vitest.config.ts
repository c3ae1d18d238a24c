import { defineConfig } from 'vitest/config';

// Run through the root projects api-pglite and api-postgres (TEST_DB), see test/global-setup.ts.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
