import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { RESILIENCE_POSTGRES_TEST_FILES, RESILIENCE_TEST_FILES } from './test/engine-suite.ts';

// `npm run test:resilience`: the proofs that kill servers mid-work (test/engine-suite.ts). CI runs it
// after `npm test`. The orders proof runs on PGlite (the server process owns the data dir it is
// killed on); the cluster proof on PostgreSQL (a throwaway server from the machine's binaries, or
// TEST_DATABASE_URL; without one it is skipped and says why).
const root = fileURLToPath(new URL('.', import.meta.url));
const shared = { root, globalSetup: ['./test/global-setup.ts'], testTimeout: 600_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'api-resilience', include: RESILIENCE_TEST_FILES.filter((file) => !RESILIENCE_POSTGRES_TEST_FILES.includes(file)), env: { TEST_DB: 'pglite' } } },
      { test: { ...shared, name: 'api-resilience-postgres', include: RESILIENCE_POSTGRES_TEST_FILES, env: { TEST_DB: 'postgres' } } },
    ],
  },
});
