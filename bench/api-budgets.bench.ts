/**
 * Budgets benchmark (issue 12) over HTTP on 127.0.0.1, as a distributor (price.view, company terms):
 * - issuing a quote of a 1,000-line project (POST /api/projects/v1/budget: the project read and
 *   priced, 1,000 lines recomputed with the domain, the number, the quote and 1,000 frozen lines
 *   written in one transaction), target < 200 ms;
 * - the PDF of a 200-line quote (GET …/quotes/{id}/pdf: lines read, the document drawn with
 *   embedded fonts), target < 1 s; and its spreadsheet.
 * Sequential requests (one user's click at a time), after a warm-up; mean, p50, p95, max.
 * Run: npx tsx bench/api-budgets.bench.ts   (BENCH_ROUNDS=30 by default; BENCH_DATABASE_URL for PostgreSQL)
 */
import { and, asc, eq } from 'drizzle-orm';
import { catalogueArticles } from '../apps/api/src/db/schema';
import { loginCookie, startBenchApp } from './support/api-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARM_UP = 3;

const bench = await startBenchApp();
try {
  const { base, database } = bench;
  const cookie = await loginCookie(base, 'distributor@demo.example');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> => {
    const response = await fetch(`${base}${path}`, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };

  // 300 active references of the international catalogue, cycled over the lines.
  const references = (
    await database.db
      .select({ reference: catalogueArticles.reference })
      .from(catalogueArticles)
      .where(and(eq(catalogueArticles.catalogId, 16), eq(catalogueArticles.active, true)))
      .orderBy(asc(catalogueArticles.reference))
      .limit(300)
  ).map((row) => row.reference);
  async function projectOf(lines: number): Promise<number> {
    const project = (await (await call('POST', '/api/projects/v1/projects', { name: `Bench budget ${lines}`, catalogId: 16, products: [] })).json()) as { id: number };
    for (let start = 0; start < lines; start += 200) {
      const products = Array.from({ length: Math.min(200, lines - start) }, (_, i) => ({ referenceCode: references[(start + i) % references.length], quantity: ((start + i) % 9) + 1 }));
      await call('POST', `/api/projects/v1/projects/${project.id}/products`, products);
    }
    return project.id;
  }

  const stats = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { mean: samples.reduce((s, x) => s + x, 0) / samples.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
  };
  const rows: Array<{ scenario: string; target: string; mean: string; p50: string; p95: string; max: string; 'cpu p50': string; size: string }> = [];
  async function measure(scenario: string, targetMs: number, run: () => Promise<number>): Promise<void> {
    for (let i = 0; i < WARM_UP; i += 1) await run();
    const samples: number[] = [];
    // CPU time of this process (the api and the client in it) per request: what the request costs
    // when the machine is shared, where wall time also counts the other processes' turns.
    const cpu: number[] = [];
    let size = 0;
    for (let i = 0; i < ROUNDS; i += 1) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      size = await run();
      samples.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
    const s = stats(samples);
    const ms = (x: number) => x.toFixed(1);
    rows.push({ scenario, target: `< ${targetMs} ms${s.p95 < targetMs ? ' ✓' : ' ✗'}`, mean: ms(s.mean), p50: ms(s.p50), p95: ms(s.p95), max: ms(s.max), 'cpu p50': ms(stats(cpu).p50), size: size ? `${(size / 1024).toFixed(0)} KB` : '' });
  }

  const big = await projectOf(1000);
  await measure('POST budget, 1,000-line project', 200, async () => {
    const quote = (await (await call('POST', '/api/projects/v1/budget', { projectId: big, discount: 5, surcharge: 2, iva: 21, comment: 'Bench' })).json()) as { linesCount?: number; products: unknown[] };
    if (quote.products.length !== 1000) throw new Error(`expected 1000 lines, got ${quote.products.length}`);
    return 0;
  });

  const medium = await projectOf(200);
  const quote = (await (await call('POST', '/api/projects/v1/budget', { projectId: medium, iva: 21, lang: 'fr', comment: "Livraison à l'entrepôt" })).json()) as { id: number };
  await measure('GET PDF, 200-line quote', 1000, async () => (await (await call('GET', `/api/projects/v1/budget/quotes/${quote.id}/pdf`)).arrayBuffer()).byteLength);
  await measure('GET xlsx, 200-line quote', 1000, async () => (await (await call('GET', `/api/projects/v1/budget/quotes/${quote.id}/xlsx`)).arrayBuffer()).byteLength);

  console.log(`\napi budgets (${database.kind}, ${ROUNDS} sequential requests each after ${WARM_UP} warm-up; ms; load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)})`);
  console.table(rows);
} finally {
  await bench.close();
}
