import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { RESILIENCE_TEST_FILES } from './test/engine-suite.ts';

// `npm run test:resilience`: the proofs that kill servers mid-work (test/engine-suite.ts), on PGlite
// (the server process owns the data dir it is killed on). CI runs it after `npm test`.
export default defineConfig({
  test: {
    name: 'api-resilience',
    // Run from the repository's root (`npm run test:resilience`): the paths are apps/api's.
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: RESILIENCE_TEST_FILES,
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DB: 'pglite' },
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
