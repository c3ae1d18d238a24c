/**
 * The request path of a logged-in call, side by side with a bare Fastify hello-world started by this
 * benchmark in the same run and measured again right before each scenario (issue 9 §3): `/health`,
 * `GET /api/users/v1/account`, the collections call, the project list and a project with 200
 * products, as the distributor (company scope, price.view), at 10 connections on PGlite and on
 * PostgreSQL 15, and at 100 connections on PGlite.
 * Run: npx tsx bench/api-request-path.bench.ts   (BENCH_SECONDS=10 per scenario)
 *
 * Every server runs in its own process (bench/support/bench-server.ts), so autocannon does not share
 * the server's event loop. PostgreSQL: BENCH_DATABASE_URL, or a throwaway PostgreSQL 15 started here
 * from /usr/lib/postgresql/<v>/bin (the test suite's code) and removed afterwards; skipped, with a
 * message, when neither is there. BENCH_PROFILE=<dir> writes there one CPU profile of the api per
 * measured scenario (the load only; open it in Chrome DevTools). BENCH_ONLY=pglite|postgres runs one
 * database.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { findPostgresBin, startThrowawayPostgres } from '../apps/api/test/throwaway-postgres';
import { type BenchServer, loginCookie, type ScenarioRow, scenarioRunner, seedBenchProjects, spawnBenchServer } from './support/api-bench';

const BARE = 'bare Fastify hello-world';

/** Issue 9 §3: share of bare Fastify's req/s, p99 bound (ms); at 100 connections p99 < 1 s and no failure. */
const TARGETS: Record<string, { share?: number; p99?: number }> = {
  'GET /health': { share: 0.5 },
  'GET account': { share: 0.2, p99: 10 },
  'GET collections': { share: 0.2, p99: 10 },
  'GET project list': { share: 0.05, p99: 25 },
  'GET project, 200 products': { p99: 40 },
};

function verdict(row: ScenarioRow, bareRate: number, connections: number): string {
  const target = TARGETS[row.scenario] ?? {};
  const failed = row['non-2xx'] + row.errors + row.timeouts;
  const misses: string[] = [];
  if (failed > 0) misses.push(`${failed} failed`);
  if (connections >= 100) {
    if (row['p99 ms'] >= 1000) misses.push('p99 ≥ 1 s');
  } else {
    if (target.share !== undefined && row['req/s (mean)'] < target.share * bareRate) misses.push(`< ${target.share * 100} % of bare`);
    if (target.p99 !== undefined && row['p99 ms'] >= target.p99) misses.push(`p99 ≥ ${target.p99} ms`);
  }
  return misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`;
}

interface Prepared {
  api: BenchServer;
  cookie: string;
  bigProjectId: number;
}

/** Logs the distributor in and makes the projects fixture, once per api process. */
async function prepare(api: BenchServer): Promise<Prepared> {
  const cookie = await loginCookie(api.base, 'distributor@demo.example');
  return { api, cookie, ...(await seedBenchProjects(api.base, cookie)) };
}

async function runSet(label: string, bare: BenchServer, { api, cookie, bigProjectId }: Prepared, connections: number): Promise<void> {
  const scenarios = scenarioRunner({ base: api.base }, 'api request path', { kind: label, connections, baseline: BARE });
  const headers = { cookie };
  const profileDir = process.env.BENCH_PROFILE;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const verdicts: Array<{ scenario: string; 'bare req/s': number; target: string }> = [];
  // Bare Fastify again right before each scenario: the ratio compares two runs a few seconds apart,
  // not the first and the last of a set, while other work on the machine comes and goes.
  const run = async (name: string, path: string): Promise<void> => {
    const bareRate = (await scenarios.run(BARE, '/', { base: bare.base }))['req/s (mean)'];
    const measure = () => scenarios.run(name, path, { headers });
    const row = profileDir ? await api.profile(join(profileDir, `${label}-${connections}-${name.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), measure) : await measure();
    verdicts.push({ scenario: name, 'bare req/s': bareRate, target: verdict(row, bareRate, connections) });
  };
  await run('GET /health', '/health');
  await run('GET account', '/api/users/v1/account');
  await run('GET collections', '/api/products/v1/categories/collections?catalogId=16&lang=es');
  await run('GET project list', '/api/projects/v1/projects/filter?itemsPerPage=10&page=1&sortBy=UPDATED_RECENT');
  await run('GET project, 200 products', `/api/projects/v1/projects/${bigProjectId}`);
  scenarios.print();
  console.table(verdicts);
}

/** A PostgreSQL database for the api: BENCH_DATABASE_URL, or a new one on a throwaway server. */
async function postgresUrl(): Promise<{ url: string; stop: () => void } | undefined> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  const binDir = findPostgresBin();
  if (!binDir) return undefined;
  const server = await startThrowawayPostgres(binDir);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE lumen_bench');
  } finally {
    await admin.end();
  }
  const url = new URL(server.url);
  url.pathname = '/lumen_bench';
  return { url: url.toString(), stop: server.stop };
}

const only = process.env.BENCH_ONLY;
const bare = await spawnBenchServer('bare');
try {
  if (only !== 'postgres') {
    const api = await spawnBenchServer('api', { env: { BENCH_DATABASE_URL: '' } });
    try {
      const prepared = await prepare(api);
      await runSet('PGlite', bare, prepared, 10);
      await runSet('PGlite', bare, prepared, 100);
    } finally {
      await api.close();
    }
  }
  if (only !== 'pglite') {
    const database = await postgresUrl();
    if (!database) {
      console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL or install the server binaries (/usr/lib/postgresql/*/bin).');
    } else {
      try {
        const api = await spawnBenchServer('api', { env: { BENCH_DATABASE_URL: database.url } });
        try {
          await runSet('PostgreSQL', bare, await prepare(api), 10);
        } finally {
          await api.close();
        }
      } finally {
        database.stop();
      }
    }
  }
} finally {
  await bare.close();
}
