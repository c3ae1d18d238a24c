/**
 * The harness of the HTTP benchmarks: start the api as a user would (temporary data dir, config,
 * database, migrations, seed, buildApp, listen on 127.0.0.1 on a free port), log in, run autocannon
 * scenarios and print them as one table, then stop everything so that the script ends by itself.
 *
 * Environment: BENCH_SECONDS (10) and BENCH_CONNECTIONS (10) per scenario; BENCH_DATABASE_URL runs
 * against a PostgreSQL server instead of the embedded PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/api/src/app';
import { type Config, loadConfig } from '../../apps/api/src/config';
import { type Database, openDatabase } from '../../apps/api/src/db/client';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { seedDemoData, seedReferenceData } from '../../apps/api/src/db/seed';
import { memoryMailer } from '../../apps/api/src/lib/mailer';

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const BENCH_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** The password of every seeded demo account. */
export const DEMO_PASSWORD = 'demo-password';

export type BenchFastify = Awaited<ReturnType<typeof buildApp>>;

export interface BenchAppContext {
  app: BenchFastify;
  config: Config;
  database: Database;
}

export interface BenchApp extends BenchAppContext {
  /** `http://127.0.0.1:<port>`: the only address a benchmark talks to. */
  base: string;
  /** Runs the teardown of `configure`, closes the app and the database, removes the data dir. */
  close(): Promise<void>;
}

export interface StartBenchAppOptions {
  /** Extra environment for loadConfig, over the bench defaults (e.g. raised rate limits). */
  env?: Record<string, string>;
  /**
   * Called after buildApp and before listen: add bench-only routes or services. May return a
   * teardown, run by close() before the app closes.
   */
  configure?: (context: BenchAppContext) => void | (() => void | Promise<void>) | Promise<void | (() => void | Promise<void>)>;
}

/** Starts the api on a temporary data dir (or BENCH_DATABASE_URL) with reference and demo data seeded. */
export async function startBenchApp(options: StartBenchAppOptions = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-bench-'));
  const steps: Array<() => void | Promise<void>> = [() => rmSync(dataDir, { recursive: true, force: true })];
  const close = async (): Promise<void> => {
    while (steps.length > 0) await steps.pop()?.();
  };
  try {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
        ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
        ...options.env,
      },
      dataDir,
    );
    const database = await openDatabase(config);
    steps.push(() => database.close());
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    const app = await buildApp({ config, database, mailer: memoryMailer(), logger: false });
    steps.push(() => app.close());
    const teardown = await options.configure?.({ app, config, database });
    if (teardown) steps.push(teardown);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { base: `http://127.0.0.1:${port}`, app, config, database, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Logs in through the api and returns the session cookies as one `cookie` header value. */
export async function loginCookie(base: string, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const login = await fetch(`${base}/api/users/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

export type ScenarioOptions = Omit<autocannon.Options, 'url'>;

export interface ScenarioRunner {
  /** Runs autocannon on `base + path` for BENCH_SECONDS with BENCH_CONNECTIONS and records one row. */
  run(name: string, path: string, options?: ScenarioOptions): Promise<void>;
  /** Prints the heading (title, database, load, machine) and the table of every scenario run. */
  print(): void;
}

/** Scenarios against a started bench app; `title` names the bench in the printed heading. */
export function scenarioRunner(bench: Pick<BenchApp, 'base' | 'database'>, title: string): ScenarioRunner {
  const seconds = BENCH_SECONDS;
  const connections = BENCH_CONNECTIONS;
  const rows: Array<Record<string, string | number>> = [];
  return {
    async run(name, path, options = {}) {
      const result = await autocannon({ connections, duration: seconds, ...options, url: `${bench.base}${path}` });
      rows.push({
        scenario: name,
        'req/s (mean)': Math.round(result.requests.average * 10) / 10,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        requests: result.requests.total,
        'non-2xx': result.non2xx,
        errors: result.errors,
      });
    },
    print() {
      const cpu = cpus();
      console.log(`\nLumen Pro ${title} — ${bench.database.kind}, ${connections} connections, ${seconds} s each, ${cpu.length} CPU(s) ${cpu[0]?.model ?? ''}, node ${process.version}\n`);
      console.table(rows);
    },
  };
}
