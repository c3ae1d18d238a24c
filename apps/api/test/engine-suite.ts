/**
 * Which api test files run where (read by the root vitest.config.ts and kept honest by
 * src/engine-suite.test.ts).
 *
 * Every api test file runs once, on PostgreSQL when the run has one (server binaries under
 * /usr/lib/postgresql/<v>/bin or TEST_DATABASE_URL) and on PGlite otherwise. The files below depend
 * on the engine itself (notifications, the job queue and the outbox, locking and counters,
 * idempotency under concurrency, audit triggers, migrations and seeds, the embedded start), so they
 * also run on PGlite, the embedded default, when the main engine is PostgreSQL.
 */
export const ENGINE_TEST_FILES = [
  'src/db/data-changes.test.ts',
  'src/db/seed/seed.test.ts',
  'src/http/idempotency.test.ts',
  'src/http/idempotency-crash.test.ts',
  'src/http/idempotency-crash.creates.test.ts',
  'src/http/rate-limits.test.ts',
  'src/http/revocations.test.ts',
  'src/lib/audit/audit.test.ts',
  'src/lib/audit/audit.guard.test.ts',
  'src/lib/data-dir.test.ts',
  'src/lib/jobs/job-queue.test.ts',
  'src/modules/documents/documents.test.ts',
  'src/modules/flags/flags.test.ts',
  'src/modules/projects/projects.outbox.test.ts',
  'src/modules/projects/projects.search.test.ts',
];

/**
 * Files that run in a fresh module graph (the api's own config shares it between the files of a
 * worker): the document downloads' job workers missed their jobs on PostgreSQL when sharing it (the
 * two-process S3 test's download never settled in the full suite, three runs of three, never alone).
 */
export const ISOLATED_TEST_FILES = ['src/modules/documents/documents.test.ts', 'src/lib/file-storage.s3.test.ts'];

/**
 * The resilience proofs (servers killed with kill -9 in the middle of work): long, process-heavy runs
 * kept out of the unit step; `npm run test:resilience` runs them and CI (.ci/run) runs that too. The
 * orders proof kills the embedded server on its own PGlite data dir; the cluster proof (api processes
 * behind HAProxy, one killed mid-work) needs PostgreSQL, and runs on it when the machine has it.
 */
export const RESILIENCE_TEST_FILES = ['src/modules/orders/orders.kill9.test.ts', 'src/cluster.test.ts'];
/** The resilience proofs that need PostgreSQL. */
export const RESILIENCE_POSTGRES_TEST_FILES = ['src/cluster.test.ts'];

/**
 * What makes a test file depend on the engine: code that notifies or listens, claims jobs, counts
 * under locks, or kills the server. A test file that matches and is in none of the lists above fails
 * src/engine-suite.test.ts.
 */
export const ENGINE_MARKERS = [/\bLISTEN\b/, /\bNOTIFY\b/, /pg_notify/, /FOR UPDATE/i, /lib\/jobs/, /kill -9|SIGKILL/, /db\/migrate/, /data-changes/];

/** Test files whose match of a marker is not about the engine, and why. */
export const ENGINE_MARKER_EXEMPT: Record<string, string> = {
  'src/modules/files/files.test.ts': 'waits for the files cache to hear its own change (data-changes), a cache behaviour, not the engine',
};
