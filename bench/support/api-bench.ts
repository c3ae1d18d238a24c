/**
 * The harness of the HTTP benchmarks: start the api as a user would (temporary data dir, config,
 * database, migrations, seed, buildApp, listen on 127.0.0.1 on a free port), log in, run autocannon
 * scenarios and print them as one table, then stop everything so that the script ends by itself.
 *
 * Environment: BENCH_SECONDS (10) and BENCH_CONNECTIONS (10) per scenario; BENCH_DATABASE_URL runs
 * against a PostgreSQL server instead of the embedded PGlite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/api/src/app';
import { type Config, loadConfig } from '../../apps/api/src/config';
import type { AppDeps } from '../../apps/api/src/context';
import { type Database, openDatabase } from '../../apps/api/src/db/client';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { seedReferenceData } from '../../apps/api/src/db/seed';
import { seedDemo } from '../../apps/api/src/demo-seed';
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
  /** A double of the document makers (the documents bench measures the delivery). */
  makeDocuments?: AppDeps['makeDocuments'];
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
    await seedDemo(database.db);
    const app = await buildApp({ config, database, mailer: memoryMailer(), logger: false, ...(options.makeDocuments ? { makeDocuments: options.makeDocuments } : {}) });
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

/** References of catalogue 16 the project fixtures cycle through. */
const FIXTURE_REFERENCES = ['552010/02_10', '746005/M3_31', '577010/02_10', '235505/03_10', '745010/M2_31', '747005/M3_31', '552510/02_10', '229910/02_10'];

/**
 * The projects fixture of the HTTP benchmarks, made through the api as the logged-in user of
 * `cookie`: 60 one-line projects and one with 200 products. Returns the id of the big one.
 */
export async function seedBenchProjects(base: string, cookie: string): Promise<{ bigProjectId: number }> {
  const post = async (path: string, body: unknown): Promise<{ id: number }> => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };
  for (let i = 0; i < 60; i += 1) {
    await post('/api/projects/v1/projects', { name: `Bench project ${i}`, catalogId: 16, products: [{ referenceCode: FIXTURE_REFERENCES[i % FIXTURE_REFERENCES.length] }] });
  }
  const big = await post('/api/projects/v1/projects', { name: 'Bench 200 products', catalogId: 16, products: [] });
  for (let chunk = 0; chunk < 4; chunk += 1) {
    const products = Array.from({ length: 50 }, (_, i) => ({ referenceCode: FIXTURE_REFERENCES[(chunk * 50 + i) % FIXTURE_REFERENCES.length], quantity: (i % 9) + 1 }));
    await post(`/api/projects/v1/projects/${big.id}/products`, products);
  }
  return { bigProjectId: big.id };
}

export type ScenarioOptions = Omit<autocannon.Options, 'url'> & {
  /** Another server to load (e.g. the bare Fastify of spawnBenchServer) instead of the runner's. */
  base?: string;
};

export interface ScenarioRow {
  scenario: string;
  'req/s (mean)': number;
  'p50 ms': number;
  'p99 ms': number;
  requests: number;
  'non-2xx': number;
  errors: number;
  timeouts: number;
  /** req/s as a share of the baseline scenario's (when the runner has one). */
  'vs baseline'?: string;
}

export interface ScenarioRunner {
  /** Runs autocannon on `base + path` for BENCH_SECONDS with BENCH_CONNECTIONS and records one row. */
  run(name: string, path: string, options?: ScenarioOptions): Promise<ScenarioRow>;
  /** Prints the heading (title, database, load, machine) and the table of every scenario run. */
  print(): void;
  readonly rows: readonly ScenarioRow[];
}

export interface ScenarioRunnerOptions {
  /** Database kind shown in the heading. */
  kind?: string;
  connections?: number;
  seconds?: number;
  /** The scenario every row is compared with (req/s ratio; its latest run), e.g. a bare Fastify hello-world. */
  baseline?: string;
}

/** Scenarios against a started bench app; `title` names the bench in the printed heading. */
export function scenarioRunner(bench: { base: string; database?: Pick<Database, 'kind'> }, title: string, options: ScenarioRunnerOptions = {}): ScenarioRunner {
  const seconds = options.seconds ?? BENCH_SECONDS;
  const connections = options.connections ?? BENCH_CONNECTIONS;
  const kind = options.kind ?? bench.database?.kind ?? '';
  const rows: ScenarioRow[] = [];
  // The latest baseline row: a bench may measure the baseline again before each scenario, so that a
  // change of the machine's load between the two does not show as a ratio.
  const baselineRate = (): number | undefined => [...rows].reverse().find((row) => row.scenario === options.baseline)?.['req/s (mean)'];
  return {
    rows,
    async run(name, path, { base = bench.base, ...rest } = {}) {
      // Warm up first (JIT, caches, connection pool), so that the figures are the steady state.
      await autocannon({ connections, amount: Math.max(200, connections * 5), ...rest, url: `${base}${path}` });
      const result = await autocannon({ connections, duration: seconds, ...rest, url: `${base}${path}` });
      const row: ScenarioRow = {
        scenario: name,
        'req/s (mean)': Math.round(result.requests.average * 10) / 10,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        requests: result.requests.total,
        'non-2xx': result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      };
      const baseline = baselineRate();
      if (baseline) row['vs baseline'] = `${((row['req/s (mean)'] / baseline) * 100).toFixed(1)} %`;
      rows.push(row);
      return row;
    },
    print() {
      const cpu = cpus();
      console.log(`\nLumen Pro ${title} — ${kind}, ${connections} connections, ${seconds} s each, ${cpu.length} CPU(s) ${cpu[0]?.model ?? ''}, node ${process.version}\n`);
      console.table(rows);
    },
  };
}

export interface BenchServer {
  base: string;
  pid: number;
  /** Runs `during` with the server's CPU profiler on and writes the profile to `file` (.cpuprofile). */
  profile<T>(file: string, during: () => Promise<T>): Promise<T>;
  /** Stops the server (SIGTERM) and waits for its process to end. */
  close(): Promise<void>;
}

/**
 * Starts bench/support/bench-server.ts in a child process: `bare` (a Fastify hello-world at `/`) or
 * `api` (startBenchApp). `env` adds to the child's environment (BENCH_DATABASE_URL, …); `nodeOptions`
 * go to node (e.g. `--cpu-prof`).
 */
export async function spawnBenchServer(kind: 'bare' | 'api', options: { env?: Record<string, string>; nodeOptions?: string[] } = {}): Promise<BenchServer> {
  const entry = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeOptions ?? []), entry], {
    env: { ...process.env, ...options.env, BENCH_SERVER: kind },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const lines = createInterface({ input: child.stdout });
  const base = await new Promise<string>((resolveBase, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolveBase((JSON.parse(line.slice(6)) as { base: string }).base);
    });
    child.once('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code} before it was ready`)));
  });
  return {
    base,
    pid: child.pid ?? 0,
    async profile(file, during) {
      child.stdin.write('profile-start\n');
      try {
        return await during();
      } finally {
        const written = new Promise<void>((resolveWritten) => {
          const onLine = (line: string): void => {
            if (line === `PROFILED ${file}`) {
              lines.off('line', onLine);
              resolveWritten();
            }
          };
          lines.on('line', onLine);
        });
        child.stdin.write(`profile-stop ${file}\n`);
        await written;
      }
    },
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
