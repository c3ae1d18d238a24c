import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every package. The API integration suite runs twice: on embedded PGlite and on a
// real PostgreSQL server (started by apps/api/test/global-setup.ts when its binaries are present or
// TEST_DATABASE_URL is set).
// Workers: vitest's default is one fewer than the cores (a single worker on a 2-core machine), but
// most of an api test's time is spent waiting on the database (PostgreSQL runs in its own process),
// so three workers finish the suite in well under half the time there. VITEST_MAX_WORKERS overrides.
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
      { test: { name: 'scripts', root: 'scripts' } },
      {
        extends: 'apps/api/vitest.config.ts',
        test: { name: 'api-pglite', root: 'apps/api', env: { TEST_DB: 'pglite' } },
      },
      {
        extends: 'apps/api/vitest.config.ts',
        test: { name: 'api-postgres', root: 'apps/api', env: { TEST_DB: 'postgres' } },
      },
    ],
  },
});
