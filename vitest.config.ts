import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every package. The API integration suite runs twice: on embedded PGlite and on a
// real PostgreSQL server (started by apps/api/test/global-setup.ts when its binaries are present or
// TEST_DATABASE_URL is set).
// Workers: vitest's default is one fewer than the cores (a single worker on a 2-core machine), but
// most of an api test's time is spent waiting on the database (PostgreSQL runs in its own process),
// so three workers finish the suite in well under half the time there. VITEST_MAX_WORKERS overrides.
// API files that run in a fresh module graph (apps/api/vitest.config.ts shares it between the files of
// a worker): the document downloads' job workers missed their jobs on PostgreSQL when sharing it.
const API_ISOLATED = ['src/modules/documents/documents.test.ts'];

const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(3, availableParallelism());

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      'packages/domain',
      'packages/contracts',
      'packages/i18n',
      'packages/ui',
      'apps/web',
      // ESLint with type information lints each snippet in seconds on a loaded machine.
      { test: { name: 'scripts', root: 'scripts', testTimeout: 60_000 } },
      ...(['pglite', 'postgres'] as const).flatMap((db) => [
        {
          extends: 'apps/api/vitest.config.ts',
          test: { name: `api-${db}`, root: 'apps/api', env: { TEST_DB: db }, exclude: API_ISOLATED },
        },
        {
          // Not extending apps/api's config: its include would be merged into this one.
          test: { name: `api-${db}-isolated`, root: 'apps/api', env: { TEST_DB: db }, include: API_ISOLATED, globalSetup: ['./test/global-setup.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
        },
      ]),
    ],
  },
});
