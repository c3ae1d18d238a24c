import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { ENGINE_TEST_FILES, ISOLATED_TEST_FILES, RESILIENCE_TEST_FILES } from './apps/api/test/engine-suite.ts';
import { findPostgresBin } from './apps/api/test/throwaway-postgres.ts';
import apiConfig from './apps/api/vitest.config.ts';

// One run covers every package. The API integration suite runs once, on a real PostgreSQL server
// when the run has one (started by apps/api/test/global-setup.ts from the machine's server binaries,
// or TEST_DATABASE_URL) and on embedded PGlite otherwise; the files that depend on the engine
// (apps/api/test/engine-suite.ts) also run on PGlite then. The resilience proofs (kill -9) are a
// step of their own: `npm run test:resilience`.
// Workers: vitest's default is one fewer than the cores (a single worker on a 2-core machine), but
// most of an api test's time is spent waiting on the database (PostgreSQL runs in its own process),
// so three workers finish the suite in well under half the time there. VITEST_MAX_WORKERS overrides.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(3, availableParallelism());

const binDir = findPostgresBin();
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL) || Boolean(binDir && existsSync(join(binDir, 'pg_ctl')));

type Db = 'pglite' | 'postgres';
/** The api's projects on one engine: the shared-module files, and the isolated ones. */
function apiProjects(db: Db, only?: readonly string[]) {
  const isolated = only ? ISOLATED_TEST_FILES.filter((file) => only.includes(file)) : ISOLATED_TEST_FILES;
  // apps/api's config, spread rather than extended: an extended include would be merged with this one.
  const projects: object[] = [
    {
      test: {
        ...apiConfig.test,
        name: `api-${db}`,
        root: 'apps/api',
        env: { TEST_DB: db },
        ...(only ? { include: only.filter((file) => !isolated.includes(file)) } : {}),
        exclude: [...ISOLATED_TEST_FILES, ...RESILIENCE_TEST_FILES],
      },
    },
  ];
  if (isolated.length > 0) {
    projects.push({ test: { ...apiConfig.test, name: `api-${db}-isolated`, root: 'apps/api', env: { TEST_DB: db }, include: isolated, isolate: true } });
  }
  return projects;
}

export default defineConfig({
  test: {
    maxWorkers,
    // The failures again, last and on stdout, where a CI log's tail shows them (scripts/failures-last-reporter.mjs).
    reporters: ['default', './scripts/failures-last-reporter.mjs'],
    projects: [
      'packages/domain',
      'packages/contracts',
      'packages/i18n',
      'packages/ui',
      'apps/web',
      // ESLint with type information lints each snippet in seconds on a loaded machine.
      { test: { name: 'scripts', root: 'scripts', testTimeout: 60_000 } },
      ...(hasPostgres ? [...apiProjects('postgres'), ...apiProjects('pglite', ENGINE_TEST_FILES)] : apiProjects('pglite')),
    ],
  },
});
