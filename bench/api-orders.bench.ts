/**
 * Orders benchmark (issue 13) over HTTP on 127.0.0.1, as a distributor (company A, client code):
 * - processing a 200-line order (POST /api/orders/v2/orders/process: the project read and priced,
 *   200 lines checked for MOQ, availability and lead time, the order, the project's status and the
 *   outbox job written in one transaction), target < 300 ms;
 * - the orders list over 10,000 orders of the company (GET /api/orders/v3/orders: a page of 10, any
 *   page, with and without a search or status), target p99 < 50 ms.
 * Sequential requests after a warm-up. PostgreSQL: BENCH_DATABASE_URL, or a throwaway PostgreSQL 15
 * started here from /usr/lib/postgresql/<v>/bin; BENCH_ONLY=pglite runs on the embedded PGlite.
 * Run: npx tsx bench/api-orders.bench.ts   (BENCH_ROUNDS=30 processing rounds, BENCH_LIST_ROUNDS=300)
 */
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { catalogueArticles, companies, orders, users } from '../apps/api/src/db/schema';
import { foldSearch } from '../apps/api/src/modules/orders/orders.repository';
import { findPostgresBin, startThrowawayPostgres } from '../apps/api/test/throwaway-postgres';
import { loginCookie, startBenchApp } from './support/api-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const LIST_ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 300);
const WARM_UP = 3;
const ORDERS = 10_000;

let stopPostgres: (() => void) | undefined;
if (process.env.BENCH_ONLY !== 'pglite' && !process.env.BENCH_DATABASE_URL) {
  const binDir = findPostgresBin();
  if (!binDir) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql: set BENCH_DATABASE_URL or BENCH_ONLY=pglite');
  const server = await startThrowawayPostgres(binDir);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('CREATE DATABASE lumen_bench_orders');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/lumen_bench_orders';
  process.env.BENCH_DATABASE_URL = url.toString();
  stopPostgres = server.stop;
}

const bench = await startBenchApp({ env: { ERP_STEP_MS: String(3600_000) } });
try {
  const { base, database } = bench;
  const cookie = await loginCookie(base, 'distributor@demo.example');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> => {
    const response = await fetch(`${base}${path}`, { method, headers: { cookie, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const stats = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { mean: samples.reduce((s, x) => s + x, 0) / samples.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
  };
  const rows: Array<Record<string, string>> = [];
  const ms = (x: number) => x.toFixed(1);

  // 200-line projects (MOQ-1 active references, quantity 1 … 9), one per processing round.
  const references: string[] = [];
  const candidates = (
    await database.db
      .select({ reference: catalogueArticles.reference })
      .from(catalogueArticles)
      .where(and(eq(catalogueArticles.catalogId, 16), eq(catalogueArticles.active, true), eq(catalogueArticles.moq, 1)))
      .orderBy(asc(catalogueArticles.reference))
      .limit(400)
  ).map((row) => row.reference);
  // Keep 200 the order page offers as valid (a variation's own MOQ or an ended window rules some out).
  {
    const probe = (await (await call('POST', '/api/projects/v1/projects', { name: 'Bench probe', catalogId: 16, products: [] })).json()) as { id: number };
    await call('POST', `/api/projects/v1/projects/${probe.id}/products`, candidates.slice(0, 200).map((referenceCode) => ({ referenceCode, quantity: 1 })));
    await call('POST', `/api/projects/v1/projects/${probe.id}/products`, candidates.slice(200).map((referenceCode) => ({ referenceCode, quantity: 1 })));
    const probed = (await (await call('GET', `/api/orders/v2/orders/new/${probe.id}`)).json()) as { lines: Array<{ referenceCode: string; valid: boolean }> };
    references.push(...probed.lines.filter((line) => line.valid).map((line) => line.referenceCode).slice(0, 200));
  }
  const bodies: unknown[] = [];
  for (let round = 0; round < ROUNDS + WARM_UP; round += 1) {
    const project = (await (await call('POST', '/api/projects/v1/projects', { name: `Bench order ${round}`, catalogId: 16, products: [] })).json()) as { id: number };
    await call('POST', `/api/projects/v1/projects/${project.id}/products`, references.map((referenceCode, i) => ({ referenceCode, quantity: (i % 9) + 1 })));
    const draft = (await (await call('GET', `/api/orders/v2/orders/new/${project.id}`)).json()) as { lines: Array<{ _id: string; quantity: number; valid: boolean; earliestShippingDate: string }> };
    const lines = draft.lines.filter((line) => line.valid);
    if (lines.length !== 200) throw new Error(`expected 200 valid lines, got ${lines.length}`);
    bodies.push({ projectId: project.id, internalOrderNumber: `BENCH-${round}`, products: lines.map((line) => ({ _id: line._id, quantity: line.quantity, shippingDate: line.earliestShippingDate })) });
  }
  const processSamples: number[] = [];
  for (const [round, body] of bodies.entries()) {
    const start = performance.now();
    const result = (await (await call('POST', '/api/orders/v2/orders/process/', body, { 'idempotency-key': `bench-${round}-${Date.now()}` })).json()) as { processOrderSuccess: boolean; order: { products: string[] } };
    const took = performance.now() - start;
    if (!result.processOrderSuccess || result.order.products.length !== 200) throw new Error('processing failed');
    if (round >= WARM_UP) processSamples.push(took);
  }
  const p = stats(processSamples);
  rows.push({ scenario: 'POST process, 200-line order', target: `< 300 ms${p.p95 < 300 ? ' ✓' : ' ✗'}`, mean: ms(p.mean), p50: ms(p.p50), p95: ms(p.p95), p99: ms(p.p99), max: ms(p.max) });

  // 10,000 orders of company A (written directly; lines as the service stores them).
  const [company] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.crmId, 'CRM-ACC-0001'));
  const [buyer] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'distributor@demo.example'));
  if (!company || !buyer) throw new Error('demo company A missing');
  const now = Date.now();
  for (let start = 0; start < ORDERS; start += 1000) {
    await database.db.insert(orders).values(
      Array.from({ length: 1000 }, (_, k) => {
        const i = start + k;
        const name = `Bench site ${i % 997} ${['Arenal', 'Norte', 'Puerto', 'Galerna'][i % 4]}`;
        const reference = references[i % references.length] ?? '552010/02_10';
        return {
          projectId: null,
          projectName: name,
          companyId: company.id,
          userId: buyer.id,
          createdByName: 'Diego Norte',
          clientCode: 'C-100234',
          catalogId: 16,
          currency: 'EUR',
          lang: 'es',
          status: 1 + (i % 4),
          internalOrderNumber: `PO-B${i}`,
          leadTimeWeeks: 4,
          netTotal: String(100 + (i % 500)),
          linesCount: 1,
          lines: [{ _id: `b-${i}`, referenceCode: reference, model: reference.slice(0, 4), quantity: 1 }],
          searchText: foldSearch(`PO-B${i} ${name} ${reference}`),
          delivery: 'sent',
          processedAt: new Date(now - i * 3_600_000),
          updatedAt: new Date(now - i * 3_600_000),
        };
      }),
    );
  }
  await (database.kind === 'postgres' ? database.db.execute('analyze orders') : Promise.resolve());
  const listScenarios: Array<[string, () => string]> = [
    ['GET v3 orders, any page of 10', () => `/api/orders/v3/orders?limit=10&page=${1 + Math.floor(Math.random() * 900)}`],
    ['GET v3 orders, first page, status', () => `/api/orders/v3/orders?limit=10&page=1&status=${1 + Math.floor(Math.random() * 4)}`],
    ['GET v1 filter, search (project name)', () => `/api/orders/v1/orders/filter?limit=10&page=1&search=${encodeURIComponent(`site ${Math.floor(Math.random() * 997)} `)}`],
    ['GET v1 filter, search (internal number)', () => `/api/orders/v1/orders/filter?limit=10&page=1&search=PO-B${Math.floor(Math.random() * ORDERS)}`],
  ];
  for (const [scenario, path] of listScenarios) {
    for (let i = 0; i < 10; i += 1) await call('GET', path());
    const samples: number[] = [];
    for (let i = 0; i < LIST_ROUNDS; i += 1) {
      const start = performance.now();
      const page = (await (await call('GET', path())).json()) as { meta: { totalItems: number } };
      samples.push(performance.now() - start);
      if (page.meta.totalItems === 0 && scenario.includes('any page')) throw new Error('empty list');
    }
    const s = stats(samples);
    rows.push({ scenario, target: `p99 < 50 ms${s.p99 < 50 ? ' ✓' : ' ✗'}`, mean: ms(s.mean), p50: ms(s.p50), p95: ms(s.p95), p99: ms(s.p99), max: ms(s.max) });
  }
  console.log(`\napi orders (${database.kind}; ${ROUNDS} processing rounds after ${WARM_UP} warm-up; ${LIST_ROUNDS} list requests per scenario over ${ORDERS.toLocaleString('en')} orders; ms)`);
  console.table(rows);
} finally {
  await bench.close();
  stopPostgres?.();
}
