/**
 * API projects benchmark over HTTP on 127.0.0.1, as a distributor (company scope, price.view): the
 * project list (first page of 10, and v3 with 5), the detail of a project with 200 products (without
 * and with prices), and the products of that project.
 * Run: npx tsx bench/api-projects.bench.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 *
 * The app runs on a temporary data dir with the embedded PGlite (or BENCH_DATABASE_URL), demo data
 * seeded, plus 60 projects of the distributor and one with 200 products made through the api.
 */
import { loginCookie, scenarioRunner, seedBenchProjects, startBenchApp } from './support/api-bench';

const bench = await startBenchApp();
try {
  const { base } = bench;
  const cookie = await loginCookie(base, 'distributor@demo.example');
  const { bigProjectId } = await seedBenchProjects(base, cookie);

  const scenarios = scenarioRunner(bench, 'api projects');
  const run = async (name: string, path: string): Promise<void> => {
    await scenarios.run(name, path, { headers: { cookie } });
  };

  await run('GET project list v1 (10 per page, UPDATED_RECENT)', '/api/projects/v1/projects/filter?itemsPerPage=10&page=1&sortBy=UPDATED_RECENT');
  await run('GET project list v1 search + NAME_ASC, page 3', '/api/projects/v1/projects/filter?itemsPerPage=10&page=3&search=bench&sortBy=NAME_ASC');
  await run('GET project list v3 (5)', '/api/projects/v3/projects');
  await run('GET detail, 200 products', `/api/projects/v1/projects/${bigProjectId}`);
  await run('GET detail, 200 products, prices=true', `/api/projects/v1/projects/${bigProjectId}?prices=true&lang=es`);
  await run('GET products of the 200-product project', `/api/projects/v1/projects/${bigProjectId}/products`);

  scenarios.print();
} finally {
  await bench.close();
}
