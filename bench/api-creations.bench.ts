/**
 * Crea creations (issue 15): the server's validation and pricing of a 200-element tree (target
 * < 20 ms) — the space rebuilt by the engine, rules, collisions, bill of materials with drivers,
 * priced in a distributor's rate with discounts, MOQ, lead time, availability — over the demo
 * catalogue, in process (the work itself) and through POST /api/products/v1/creations/evaluate on
 * 127.0.0.1 (JSON in and out, session, price-field filtering). For the record also 600 elements.
 * Run: npx tsx bench/api-creations.bench.ts   (BENCH_DATABASE_URL runs on PostgreSQL)
 */
import { loadavg } from 'node:os';
import { createCatalogueCache } from '../apps/api/src/modules/products/products.catalogue';
import { evaluateCreation } from '../apps/api/src/modules/products/products.creations';
import { loginCookie, startBenchApp } from './support/api-bench';

type Node = { type: string; id: string; props: Record<string, unknown>; attributes?: Record<string, string>; position?: Record<string, number>; children?: Node[] };

const MODELS = ['5770', '5772', '5774'];

/** `pendants` clusters (each a pendant holding one light), 20 per composition (the collection allows 24), on a 0.5 m grid. */
function creation(pendants: number): Node & { schemaVersion: number } {
  const side = Math.ceil(Math.sqrt(pendants)) * 0.5 + 1;
  const compositions: Node[] = [];
  for (let index = 0; index < pendants; index += 1) {
    const number = Math.floor(index / 20);
    if (!compositions[number]) compositions[number] = { type: 'Composition', id: `c${number + 1}`, props: { compositionNumber: number + 1 }, children: [] };
    const row = Math.floor(index / Math.ceil(Math.sqrt(pendants)));
    const column = index % Math.ceil(Math.sqrt(pendants));
    const model = MODELS[index % MODELS.length] ?? '5770';
    compositions[number]!.children!.push({
      type: 'Cluster',
      id: `k${index}`,
      props: {},
      attributes: { installation: '10' },
      position: { x: -side / 2 + 0.5 + column * 0.5, y: 3.9, z: -side / 2 + 0.5 + row * 0.5 },
      children: [
        {
          type: 'Pendant',
          id: `p${index}`,
          props: { pendantHeight: 1.2 + (index % 5) * 0.2 },
          children: [{ type: 'Light', id: `l${index}`, props: { code: model }, attributes: { finish: index % 2 ? '05' : '10', ledColourTemp: '2', control: '0', installation: '10', pendantHeight: String(120 + (index % 5) * 20) } }],
        },
      ],
    });
  }
  return {
    schemaVersion: 3,
    type: 'Space',
    id: 'space',
    props: { config: { roomSize: { height: 4, width: side, depth: side, extraCeiling: 0.16, ceilingMaterial: 'pladur' } }, configurator: 1 },
    children: compositions,
  };
}

function stats(label: string, values: number[]): Record<string, string> {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(2);
  return { [`${label} mean ms`]: (sorted.reduce((sum, value) => sum + value, 0) / sorted.length).toFixed(2), [`${label} p50 ms`]: at(0.5), [`${label} p95 ms`]: at(0.95) };
}

const count = (node: Node): number => 1 + (node.children ?? []).reduce((sum, child) => sum + count(child), 0);
const small = creation(66); // 1 + 4 compositions + 66 × 3 = 203 elements
const large = creation(200); // 1 + 10 + 600 = 611 elements

const bench = await startBenchApp();
try {
  const cache = createCatalogueCache(bench.database.db);
  const [snapshot, docs] = await Promise.all([cache.snapshot(16), cache.documents()]);
  // The demo distributor's terms (rate 1, its sublevel discounts).
  const pricing = { catalogId: 16 as const, currency: 'EUR' as const, rateId: 1, discounts: { '117': 35, '119': 35, '126': 35, '60': 20, '63': 15 }, changePricesCalculation: false };
  const source = { snapshot, docs, pricing, remoteDriverCP: true, lang: 'en' as const, now: new Date() };
  for (const [name, space] of [['200', small], ['600', large]] as const) {
    const check = evaluateCreation(source, { space, quantity: 4 });
    if (!check.valid || !check.price?.complete) throw new Error(`the ${name}-element creation is not valid and priced: ${JSON.stringify(check.failures.slice(0, 3))}`);
  }
  console.log(`trees: ${count(small)} and ${count(large)} elements; ${small.children!.length} and ${large.children!.length} compositions`);

  // In process, one evaluation at a time: wall time, and this process's CPU time (what the work costs
  // on a machine shared with other load: the wall time waits for the cores, the CPU time does not).
  const inProcess = [];
  for (const [name, space] of [[`evaluate in process, ${count(small)} elements`, small], [`evaluate in process, ${count(large)} elements`, large]] as const) {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let index = 0; index < 350; index += 1) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      evaluateCreation(source, { space, quantity: 4 });
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (index >= 50) {
        walls.push(wall);
        cpus.push((used.user + used.system) / 1000);
      }
    }
    inProcess.push({ scenario: name, ...stats('wall', walls), ...stats('cpu', cpus) });
  }
  console.table(inProcess);

  // Over HTTP, one request at a time: the latency a room sees.
  const cookie = await loginCookie(bench.base, 'distributor@demo.example');
  const rows = [];
  for (const [name, space] of [[`POST evaluate over HTTP, ${count(small)} elements`, small], [`POST evaluate over HTTP, ${count(large)} elements`, large]] as const) {
    const body = JSON.stringify({ space, quantity: 4 });
    const times: number[] = [];
    for (let index = 0; index < 230; index += 1) {
      const started = performance.now();
      const response = await fetch(`${bench.base}/api/products/v1/creations/evaluate`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`evaluate answered ${response.status}`);
      if (index >= 30) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => (times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0).toFixed(2);
    rows.push({ scenario: name, 'request kB': (body.length / 1024).toFixed(1), 'mean ms': (times.reduce((sum, time) => sum + time, 0) / times.length).toFixed(2), 'p50 ms': at(0.5), 'p95 ms': at(0.95), 'max ms': at(1) });
  }
  console.table(rows);
  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}; target: a 200-element tree validated and priced in < 20 ms`);
  cache.close();
} finally {
  await bench.close();
}
