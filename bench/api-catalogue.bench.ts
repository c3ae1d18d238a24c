/**
 * API catalogue benchmark: the hottest catalogue reads over HTTP on 127.0.0.1 — collections,
 * variations of a model, article by reference (with prices, a distributor with price.view) — and a
 * cold read (cache dropped before each request) to show what the in-process catalogue cache buys.
 * Run: npx tsx bench/api-catalogue.bench.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 *
 * The app runs on a temporary data dir with the embedded PGlite (or BENCH_DATABASE_URL), demo
 * accounts and the demo catalogue seeded.
 */
import { createDataChanges } from '../apps/api/src/db/data-changes';
import { memoryMailer } from '../apps/api/src/lib/mailer';
import { createFlagsService } from '../apps/api/src/modules/flags/flags.service';
import { createProductsService } from '../apps/api/src/modules/products/products.service';
import { loginCookie, scenarioRunner, startBenchApp } from './support/api-bench';

const bench = await startBenchApp({
  // A second service on the same database whose cache is dropped before every read: the cold path.
  configure: async ({ app, config, database }) => {
    const ctx = {
      config,
      database,
      db: database.db,
      clock: () => new Date(),
      mailer: memoryMailer(),
      background: { run: () => {}, idle: async () => {} },
      revocations: app.revocations,
      changes: createDataChanges(database),
    };
    const flags = createFlagsService(ctx);
    await flags.start((error) => app.log.error({ err: error }, 'bench flags'));
    const cold = createProductsService(ctx, () => app.log, { flags });
    app.get('/bench/cold-variations', { config: { access: 'public' } }, async () => {
      cold.invalidate();
      return cold.variations(null, { model: ['5520'], catalog: 16 });
    });
    return async () => {
      cold.close();
      await flags.close();
    };
  },
});
try {
  const { base } = bench;
  const cookie = await loginCookie(base, 'distributor@demo.example');
  const variations = (await (await fetch(`${base}/api/apiv2/articles/variations?model=5520&catalog=16`, { headers: { cookie } })).json()) as {
    articles: Array<{ reference: string }>;
  };
  const reference = variations.articles[0]?.reference ?? '';
  const scenarios = scenarioRunner(bench, 'api catalogue');

  await scenarios.run('GET /health (baseline, no database)', '/health');
  await scenarios.run('GET collections (catalogue 16, es)', '/api/products/v1/categories/collections?catalogId=16&lang=es', { headers: { cookie } });
  await scenarios.run('GET variations model=5520,5525 (priced)', '/api/apiv2/articles/variations?model=5520&model=5525&catalog=16', { headers: { cookie } });
  await scenarios.run(`GET article by reference ${reference} (priced)`, `/api/products/v1/articles/references?catalogId=16&reference=${encodeURIComponent(reference)}&lang=en`, {
    headers: { cookie },
  });
  await scenarios.run('GET static byFamily/225_16 (public: no session read)', '/api/products/v1/static/byFamily/225_16.json');
  await scenarios.run('GET variations, cache dropped each time (cold)', '/bench/cold-variations');

  scenarios.print();
} finally {
  await bench.close();
}
