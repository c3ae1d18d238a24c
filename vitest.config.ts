import { defineConfig } from 'vitest/config';

// One run covers every package. The API integration suite runs twice: on embedded PGlite and on a
// real PostgreSQL server (started by apps/api/test/global-setup.ts when its binaries are present or
// TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
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
