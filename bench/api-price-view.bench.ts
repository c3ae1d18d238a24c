/**
 * What hiding prices costs (issue 9 §5 finding 4): the same catalogue reads for a distributor (prices
 * kept, the rule only checks the privilege) and for a web user (every price field removed from the
 * answer by withoutPrices, whose copies of shared catalogue objects are remembered), side by side.
 * Run: npx tsx bench/api-price-view.bench.ts   (BENCH_SECONDS=10, BENCH_CONNECTIONS=10 by default)
 */
import { loginCookie, scenarioRunner, startBenchApp } from './support/api-bench';

const bench = await startBenchApp();
try {
  const { base } = bench;
  const callers = {
    distributor: await loginCookie(base, 'distributor@demo.example'),
    'web user': await loginCookie(base, 'webuser@demo.example'),
  };
  const scenarios = scenarioRunner(bench, 'api price view');
  const reads = [
    ['variations model=5520,5525', '/api/apiv2/articles/variations?model=5520&model=5525&catalog=16'],
    ['models of collection 225', '/api/products/v1/articles/models?catalog=16&subFamilyId=225'],
    ['preconfigurations of collection 225', '/api/products/v1/preconfigs/list?catalogId=16&subFamilyId=225'],
  ] as const;
  for (const [title, path] of reads) {
    for (const [caller, cookie] of Object.entries(callers)) await scenarios.run(`GET ${title} as ${caller}`, path, { headers: { cookie } });
  }
  await scenarios.run('GET static byFamily/225_16 (public: always without prices)', '/api/products/v1/static/byFamily/225_16.json');
  scenarios.print();
} finally {
  await bench.close();
}
