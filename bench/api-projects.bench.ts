/**
 * API projects benchmark over HTTP on 127.0.0.1, as a distributor (company scope, price.view): the
 * project list (first page of 10, and v3 with 5), the detail of a project with 200 products (without
 * and with prices), and the products of that project.
 * Run: npx tsx bench/api-projects.bench.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 *
 * The app runs on a temporary data dir with the embedded PGlite (or BENCH_DATABASE_URL), demo data
 * seeded, plus 60 projects of the distributor and one with 200 products made through the api.
 */
import { loginCookie, scenarioRunner, startBenchApp } from './support/api-bench';

const REFERENCES = ['552010/02_10', '746005/M3_10', '577010/02_10', '235505/03_10', '745010/M2_10', '747005/M3_10', '552510/02_10', '229910/02_10'];

const bench = await startBenchApp();
try {
  const { base } = bench;
  const cookie = await loginCookie(base, 'distributor@demo.example');
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

  const scenarios = scenarioRunner(bench, 'api projects');
  const run = (name: string, path: string): Promise<void> => scenarios.run(name, path, { headers: { cookie } });

  await run('GET project list v1 (10 per page, UPDATED_RECENT)', '/api/projects/v1/projects/filter?itemsPerPage=10&page=1&sortBy=UPDATED_RECENT');
  await run('GET project list v1 search + NAME_ASC, page 3', '/api/projects/v1/projects/filter?itemsPerPage=10&page=3&search=bench&sortBy=NAME_ASC');
  await run('GET project list v3 (5)', '/api/projects/v3/projects');
  await run('GET detail, 200 products', `/api/projects/v1/projects/${big.id}`);
  await run('GET detail, 200 products, prices=true', `/api/projects/v1/projects/${big.id}?prices=true&lang=es`);
  await run('GET products of the 200-product project', `/api/projects/v1/projects/${big.id}/products`);

  scenarios.print();
} finally {
  await bench.close();
}
