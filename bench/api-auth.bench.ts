/**
 * API auth benchmark: login (argon2id verify + session write) and GET /api/users/v1/account (JWT
 * verify + session, roles and privileges read per request) over HTTP on 127.0.0.1.
 * Run: npx tsx bench/api-auth.bench.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 *
 * The app runs on a temporary data dir with the embedded PGlite (or BENCH_DATABASE_URL), demo accounts
 * seeded. Login is rate-limited (10 per address, 100 per IP per 15 min): this bench raises both limits
 * (LOGIN_RATE_LIMIT_PER_ADDRESS / LOGIN_RATE_LIMIT_PER_IP) so that it measures the work, not the 429s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed';
import { memoryMailer } from '../apps/api/src/lib/mailer';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-bench-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '1000000000',
      LOGIN_RATE_LIMIT_PER_IP: '1000000000',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    dataDir,
  );
  const database = await openDatabase(config);
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const app = await buildApp({ config, database, mailer: memoryMailer(), logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;

  const credentials = JSON.stringify({ email: 'distributor@demo.example', password: 'demo-password' });
  const login = await fetch(`${base}/api/users/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: credentials });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

  const rows: Array<Record<string, string | number>> = [];
  const run = async (name: string, options: autocannon.Options): Promise<void> => {
    const result = await autocannon({ connections, duration: seconds, ...options });
    rows.push({
      scenario: name,
      'req/s (mean)': Math.round(result.requests.average * 10) / 10,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
      'non-2xx': result.non2xx,
      errors: result.errors,
    });
  };

  await run('GET /health (baseline, no database)', { url: `${base}/health` });
  await run('POST /api/users/v1/auth/login', {
    url: `${base}/api/users/v1/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: credentials,
  });
  await run('GET /api/users/v1/account', { url: `${base}/api/users/v1/account`, headers: { cookie } });

  console.log(`\nLumen Pro api auth — ${database.kind}, ${connections} connections, ${seconds} s each, ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ''}, node ${process.version}\n`);
  console.table(rows);

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
