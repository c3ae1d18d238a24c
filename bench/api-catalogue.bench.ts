/**
 * API catalogue benchmark: the hottest catalogue reads over HTTP on 127.0.0.1 — collections,
 * variations of a model, article by reference (with prices, a distributor with price.view) — and a
 * cold read (cache dropped before each request) to show what the in-process catalogue cache buys.
 * Run: npx tsx bench/api-catalogue.bench.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 *
 * The app runs on a temporary data dir with the embedded PGlite (or BENCH_DATABASE_URL), demo
 * accounts and the demo catalogue seeded.
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
import { createProductsService } from '../apps/api/src/modules/products/products.service';

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
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    dataDir,
  );
  const database = await openDatabase(config);
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const app = await buildApp({ config, database, mailer: memoryMailer(), logger: false });
  // A second service on the same database whose cache is dropped before every read: the cold path.
  const cold = createProductsService(
    { config, database, db: database.db, clock: () => new Date(), mailer: memoryMailer(), background: { run: () => {}, idle: async () => {} } },
    () => app.log,
  );
  app.get('/bench/cold-variations', { config: { access: 'public' } }, async () => {
    cold.invalidate();
    return cold.variations(null, { model: ['5520'], catalog: 16 });
  });
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
  const variations = (await (await fetch(`${base}/api/apiv2/articles/variations?model=5520&catalog=16`, { headers: { cookie } })).json()) as {
    articles: Array<{ reference: string }>;
  };
  const reference = variations.articles[0]?.reference ?? '';

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
  await run('GET collections (catalogue 16, es)', { url: `${base}/api/products/v1/categories/collections?catalogId=16&lang=es`, headers: { cookie } });
  await run('GET variations model=5520,5525 (priced)', { url: `${base}/api/apiv2/articles/variations?model=5520&model=5525&catalog=16`, headers: { cookie } });
  await run(`GET article by reference ${reference} (priced)`, {
    url: `${base}/api/products/v1/articles/references?catalogId=16&reference=${encodeURIComponent(reference)}&lang=en`,
    headers: { cookie },
  });
  await run('GET static byFamily/225_16 (public: no session read)', { url: `${base}/api/products/v1/static/byFamily/225_16.json` });
  await run('GET variations, cache dropped each time (cold)', { url: `${base}/bench/cold-variations` });

  console.log(`\nLumen Pro api catalogue — ${database.kind}, ${connections} connections, ${seconds} s each, ${cpus().length} CPU(s) ${cpus()[0]?.model ?? ''}, node ${process.version}\n`);
  console.table(rows);

  cold.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
