/**
 * A lane's server for the browser specs (playwright.config.ts `webServer`): the built api
 * (`apps/api/dist/main.js`, what `npm run serve` starts) on a database of its own.
 *
 * On PostgreSQL when the machine has its server binaries (a throwaway server from
 * /usr/lib/postgresql, the one the api suite starts), the demo data seeded into it; on the embedded
 * PGlite otherwise, or when E2E_DB=pglite. The api suite runs once on PostgreSQL the same way and
 * keeps its engine-dependent files on PGlite (apps/api/test/engine-suite.ts); the embedded database
 * is also what the resilience step kills and restarts and what `npm start` runs. On PostgreSQL the
 * browser step needs about 90 CPU-seconds fewer of the machine's two cores (710 against about 800),
 * most of them PGlite's start and its queries run in WebAssembly.
 *
 * Playwright stops it with SIGTERM (`gracefulShutdown`): the api closes, then the database server
 * is stopped and its directory removed.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { findPostgresBin, startThrowawayPostgres } from '../../apps/api/test/throwaway-postgres';

const root = join(import.meta.dirname, '..', '..');

/** The engine a lane runs on, and why: printed once with the server's start. */
function e2eEngine(env: NodeJS.ProcessEnv = process.env): { engine: 'postgres' | 'pglite'; binDir?: string } {
  if (env.E2E_DB === 'pglite') return { engine: 'pglite' };
  const binDir = findPostgresBin();
  return binDir ? { engine: 'postgres', binDir } : { engine: 'pglite' };
}

async function main(): Promise<void> {
  const { engine, binDir } = e2eEngine();
  let stopDatabase = (): void => undefined;
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (engine === 'postgres' && binDir) {
    const server = await startThrowawayPostgres(binDir);
    stopDatabase = server.stop;
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query('create database lumen_e2e');
      await client.end();
    } catch (error) {
      // The server is not left running (and its directory behind) by a start that failed half-way.
      server.stop();
      throw error;
    }
    Object.assign(env, { DATABASE_URL: server.url.replace(/\/postgres$/, '/lumen_e2e'), SEED_DEMO: 'true' });
  }
  console.log(`e2e server on port ${env.PORT}: ${engine === 'postgres' ? 'PostgreSQL (a throwaway server)' : 'embedded PGlite'}`);

  const api = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], { cwd: root, env, stdio: 'inherit' });
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    api.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  api.on('exit', (code, signal) => {
    try {
      stopDatabase();
    } finally {
      process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
    }
  });
}

await main();
