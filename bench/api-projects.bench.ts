/**
 * API projects benchmark over HTTP on 127.0.0.1, as a distributor (company scope, price.view): the
 * project list (first page of 10, and v3 with 5), the detail of a project with 200 products (without
 * and with prices), and the products of that project.
 * Run: npx tsx bench/api-projects.bench.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 *
 * The app runs on a temporary data dir with the embedded PGlite (or BENCH_DATABASE_URL), demo data
 * seeded, plus 60 projects of the distributor and one with 200 products made through the api.
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
const REFERENCES = ['552010/02_10', '746005/M3_10', '577010/02_10', '235505/03_10', '745010/M2_10', '747005/M3_10', '552510/02_10', '229910/02_10'];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-bench-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
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

  const login = await fetch(`${base}/api/users/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'distributor@demo.example', password: 'demo-password' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const post = async (path: string, body: unknown): Promise<{ id: number }> => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  };

  for (let i = 0; i < 60; i += 1) await post('/api/projects/v1/projects', { name: `Bench project ${i}`, catalogId: 16, products: [{ referenceCode: REFERENCES[i % REFERENCES.length] }] });
  const big = await post('/api/projects/v1/projects', { name: 'Bench 200 products', catalogId: 16, products: [] });
  for (let chunk = 0; chunk < 4; chunk += 1) {
    const products = Array.from({ length: 50 }, (_, i) => ({ referenceCode: REFERENCES[(chunk * 50 + i) % REFERENCES.length], quantity: (i % 9) + 1 }));
    await post(`/api/projects/v1/projects/${big.id}/products`, products);
  }

  const rows: Array<Record<string, string | number>> = [];
  const run = async (name: string, url: string): Promise<void> => {
    const result = await autocannon({ connections, duration: seconds, url: `${base}${url}`, headers: { cookie } });
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

  await run('GET project list v1 (10 per page, UPDATED_RECENT)', '/api/projects/v1/projects/filter?itemsPerPage=10&page=1&sortBy=UPDATED_RECENT');
  await run('GET project list v1 search + NAME_ASC, page 3', '/api/projects/v1/projects/filter?itemsPerPage=10&page=3&search=bench&sortBy=NAME_ASC');
  await run('GET project list v3 (5)', '/api/projects/v3/projects');
  await run('GET detail, 200 products', `/api/projects/v1/projects/${big.id}`);
  await run('GET detail, 200 products, prices=true', `/api/projects/v1/projects/${big.id}?prices=true&lang=es`);
  await run('GET products of the 200-product project', `/api/projects/v1/projects/${big.id}/products`);

  console.log(`\nLumen Pro api projects — ${database.kind}, ${connections} connections, ${seconds} s each, ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ''}, node ${process.version}\n`);
  console.table(rows);

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
