import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { postgresAvailable } from './apps/api/test/throwaway-postgres';

// One run covers every package. The API integration suite runs on a real PostgreSQL server (the
// production engine, started by apps/api/test/global-setup.ts when its binaries are present or
// TEST_DATABASE_URL is set) and on embedded PGlite (what `npm start` runs).
// Workers: vitest's default is one fewer than the cores (a single worker on a 2-core machine), but
// most of an api test's time is spent waiting on the database (PostgreSQL runs in its own process),
// so three workers finish the suite in well under half the time there. VITEST_MAX_WORKERS overrides.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(3, availableParallelism());

// API files that run in a fresh module graph (apps/api/vitest.config.ts shares it between the files of
// a worker): the document downloads' job workers missed their jobs on PostgreSQL when sharing it.
const API_ISOLATED = ['src/modules/documents/documents.test.ts'];

/**
 * With a PostgreSQL in the run, every api file runs on it, and on PGlite too only the files whose
 * subject is how the engine behaves: one connection for every query (a transaction that waits on a
 * query outside it never ends there), notifications in process, jobs, kill -9, concurrent creates and
 * charges that must happen once, migrations and seed, the start. PGlite runs a query several times
 * slower on the test's own event loop: the whole suite twice over was 23 minutes of the test run on
 * the 2-core machine. The browser specs run every flow on PGlite besides (`npm run serve`). Without a
 * PostgreSQL, every file runs on PGlite.
 */
const API_ENGINE_FILES = [
  'src/app.test.ts',
  'src/db/**/*.test.ts',
  'src/lib/jobs/*.test.ts',
  'src/http/revocations.test.ts',
  'src/http/idempotency.test.ts',
  'src/modules/orders/orders.test.ts',
  'src/modules/orders/orders.kill9.test.ts',
  'src/modules/budgets/budgets.test.ts',
  'src/modules/projects/projects.test.ts',
  'src/modules/projects/projects.search.test.ts',
  'src/modules/projects/projects.outbox.test.ts',
];

/** apps/api's own options (its config file is for running there; not extended, or its include would be merged into each project's). */
const apiProject = (name: string, db: 'pglite' | 'postgres', include: string[], { exclude = [] as string[], isolate = false } = {}) => ({
  test: {
    name,
    root: 'apps/api',
    env: { TEST_DB: db },
    include,
    exclude,
    globalSetup: ['./test/global-setup.ts'],
    // Each file builds its own app on its own database (test/test-app.ts); no module keeps a test's
    // state. Sharing the loaded modules between the files of a worker saves importing the whole api
    // again per file, which was most of the suite's time (api-postgres 183 s → 84 s).
    isolate,
    // Hang guards only (speed is measured under bench/); PGlite under a loaded CI is slow.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

const API_ALL = ['src/**/*.test.ts'];

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
      apiProject('api-postgres', 'postgres', API_ALL, { exclude: API_ISOLATED }),
      apiProject('api-postgres-isolated', 'postgres', API_ISOLATED, { isolate: true }),
      apiProject('api-pglite', 'pglite', postgresAvailable() ? API_ENGINE_FILES : API_ALL, { exclude: API_ISOLATED }),
      apiProject('api-pglite-isolated', 'pglite', API_ISOLATED, { isolate: true }),
    ],
  },
});
