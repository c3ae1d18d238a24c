/**
 * The kill -9 proof of issue 13 §3: an api process on a PGlite data dir processes orders
 * concurrently and is killed with SIGKILL at a random moment (while orders are processed, delivered
 * through the outbox or moved on by the built-in ERP); it is started again, the client retries what
 * got no answer (same Idempotency-Key first), and at the end:
 *   - every order the client saw acknowledged exists, once, with the acknowledged id;
 *   - no project has two orders;
 *   - every order's outbox job ran to done once, the ERP received each order once (one
 *     erp_received_orders row) and each ERP step ran once (one job per order and status, one invoice).
 *
 * Used by orders.kill9.test.ts (a couple of runs) and from the command line for many runs:
 *   npx tsx apps/api/scripts/orders-kill9.ts --runs 100
 * (seeds a fresh data dir with a first start, builds the server bundle once, prints a summary).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REFERENCES = ['552010/02_10', '577010/02_10', '235505/03_10'];
const JWT_SECRET = 'kill9-secret-kill9-secret-kill9-secret-00';

export interface Kill9Options {
  runs: number;
  /** A migrated and seeded PGlite data dir (demo accounts); changed in place. */
  dataDir: string;
  /** The bundled server (see buildServerBundle). */
  serverEntry: string;
  ordersPerRun?: number;
  /** The kill comes after a random delay in [0, maxKillDelayMs] from the first request. */
  maxKillDelayMs?: number;
  log?: (line: string) => void;
}

export interface Kill9Summary {
  runs: number;
  orders: number;
  /** Quotes issued under the same kills (issue 29 §6): each project's quote exists once. */
  quotes: number;
  acknowledgedBeforeKill: number;
  answeredAfterRestart: number;
  redeliveredToErp: number;
  failures: string[];
}

/**
 * Bundles the api once (tsup) under apps/api/node_modules/.cache (so its packages resolve), in a
 * folder of this process; returns main.js. removeServerBundle(entry) deletes it.
 */
export function buildServerBundle(): string {
  const outDir = join(API_DIR, 'node_modules', '.cache', `orders-kill9-${process.pid}`);
  execFileSync(process.execPath, [join(API_DIR, '..', '..', 'node_modules', 'tsup', 'dist', 'cli-default.js'), '--config', join(API_DIR, 'tsup.config.ts'), '--out-dir', outDir, '--no-sourcemap'], {
    cwd: API_DIR,
    stdio: 'pipe',
  });
  // The migrations as they are now, so that a run is not disturbed by a working tree that changes under it.
  rmSync(join(outDir, 'drizzle'), { recursive: true, force: true });
  cpSync(join(API_DIR, 'drizzle'), join(outDir, 'drizzle'), { recursive: true });
  // The demo catalogue, where a bundle looks for it first (a first start seeds it).
  mkdirSync(join(outDir, 'data'), { recursive: true });
  copyFileSync(join(API_DIR, 'src', 'db', 'seed', 'catalogue', 'data', 'catalogue.json'), join(outDir, 'data', 'catalogue.json'));
  return join(outDir, 'main.js');
}

export function removeServerBundle(entry: string): void {
  rmSync(dirname(entry), { recursive: true, force: true });
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

class Server {
  child: ChildProcess | undefined;
  output = '';
  constructor(
    private readonly entry: string,
    private readonly dataDir: string,
    readonly port: number,
    private readonly seed = false,
  ) {}

  async start(): Promise<void> {
    this.output = '';
    this.child = spawn(process.execPath, [this.entry], {
      cwd: API_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: this.dataDir,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        JWT_SECRET,
        SEED_DEMO: this.seed ? '1' : '0',
        ERP_STEP_MS: '40',
        MIGRATIONS_DIR: join(dirname(this.entry), 'drizzle'),
        WEB_DIST_DIR: join(this.dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited (${this.child.exitCode}): ${this.output.slice(-2000)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}/ready`);
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`server did not get ready: ${this.output.slice(-2000)}`);
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill(signal);
    await exited;
  }
}

/** The few fields of the api's answers the proof reads (loosely: it is a client, not a contract test). */
interface Answer {
  id: number;
  orderId: number;
  status: number;
  code?: string;
  products: Array<{ _id: string; quantity: number }>;
  delivery: string;
  invoice: unknown;
  lines: Array<{ _id: string; quantity: number; earliestShippingDate: string }>;
  [key: string]: unknown;
}

class Client {
  cookie = '';
  constructor(private readonly port: number) {}

  /** A call as a browser makes it; an access token that ran out (15 min) is renewed by logging in again. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Answer }> {
    const answer = await this.once(method, path, body, headers);
    if (answer.status !== 401 || path.startsWith('/api/users/')) return answer;
    await this.login();
    return this.once(method, path, body, headers);
  }

  private async once(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Answer }> {
    const response = await fetch(`http://127.0.0.1:${this.port}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
    if (cookies.length > 0) {
      const jar = new Map(this.cookie.split('; ').filter(Boolean).map((pair) => [pair.split('=')[0] ?? '', pair] as const));
      for (const pair of cookies) jar.set(pair.split('=')[0] ?? '', pair);
      this.cookie = [...jar.values()].join('; ');
    }
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as Answer };
  }

  async login(): Promise<void> {
    const answer = await this.request('POST', '/api/users/v1/auth/login', { email: 'distributor@demo.example', password: 'demo-password' });
    if (answer.status !== 200) throw new Error(`login: ${answer.status}`);
  }
}

interface Attempt {
  projectId: number;
  body: unknown;
  key: string;
  acknowledged?: number;
}

/** Processes one project's order until it has a definitive answer (after a restart). */
async function settle(client: Client, attempt: Attempt, failures: string[]): Promise<number | undefined> {
  // The same key first: a replay of an answer that was lost, or the same request run again.
  const again = await client.request('POST', '/api/orders/v2/orders/process/', attempt.body, { 'idempotency-key': attempt.key });
  if (again.status === 200) return again.json.orderId;
  // Issue 29 §6: an order that committed under this key answers its first answer, never "ordered already".
  if (again.status === 409 && again.json.code !== 'IDEMPOTENCY_KEY_IN_FLIGHT') failures.push(`order retry of project ${attempt.projectId}: ${again.json.code} instead of the first answer`);
  // 409 in flight: the key is held by the dead process (its lease runs 60 s) and nothing committed
  // under it; a new attempt under a new key is safe, the project is ordered once.
  if (again.status === 409) {
    const fresh = await client.request('POST', '/api/orders/v2/orders/process/', attempt.body, { 'idempotency-key': randomUUID() });
    if (fresh.status === 200) return fresh.json.orderId;
    if (fresh.status !== 409) throw new Error(`retry: ${fresh.status} ${JSON.stringify(fresh.json)}`);
    return undefined;
  }
  throw new Error(`retry: ${again.status} ${JSON.stringify(again.json)}`);
}

export async function runKill9(options: Kill9Options): Promise<Kill9Summary> {
  const log = options.log ?? (() => undefined);
  const perRun = options.ordersPerRun ?? 6;
  const maxDelay = options.maxKillDelayMs ?? 1500;
  const port = await freePort();
  const server = new Server(options.serverEntry, options.dataDir, port);
  const client = new Client(port);
  const summary: Kill9Summary = { runs: 0, orders: 0, quotes: 0, acknowledgedBeforeKill: 0, answeredAfterRestart: 0, redeliveredToErp: 0, failures: [] };
  const quoteProjects: Array<{ projectId: number; acknowledged?: number }> = [];
  const ours = new Map<number, number>(); // projectId → orderId
  await server.start();
  await client.login();
  try {
    for (let run = 1; run <= options.runs; run += 1) {
      const attempts: Attempt[] = [];
      for (let index = 0; index < perRun; index += 1) {
        const created = await client.request('POST', '/api/projects/v1/projects', {
          name: `Kill ${run}-${index}`,
          catalogId: 16,
          products: REFERENCES.slice(0, 1 + (index % REFERENCES.length)).map((referenceCode, line) => ({ type: 'REGULAR', referenceCode, quantity: 1 + line })),
        });
        if (created.status !== 201) throw new Error(`create project: ${created.status}`);
        const draft = await client.request('GET', `/api/orders/v2/orders/new/${created.json.id}`);
        if (draft.status !== 200) throw new Error(`draft: ${draft.status}`);
        const body = {
          projectId: created.json.id,
          internalOrderNumber: `K${run}-${index}`,
          products: draft.json.lines.map((line) => ({ _id: line._id, quantity: line.quantity, shippingDate: line.earliestShippingDate })),
        };
        attempts.push({ projectId: created.json.id, body, key: randomUUID() });
      }
      // Quotes issued in the same window (issue 29 §6): a project of their own each.
      const quoteAttempts: Array<Attempt & { acknowledged?: number }> = [];
      for (let index = 0; index < Math.max(2, Math.floor(perRun / 2)); index += 1) {
        const created = await client.request('POST', '/api/projects/v1/projects', { name: `Kill quote ${run}-${index}`, catalogId: 16, products: [{ type: 'REGULAR', referenceCode: REFERENCES[index % REFERENCES.length], quantity: 2 }] });
        if (created.status !== 201) throw new Error(`create project: ${created.status}`);
        const payload = await client.request('GET', `/api/apiv2/project-to-budget?projectId=${created.json.id}`);
        if (payload.status !== 200) throw new Error(`project-to-budget: ${payload.status}`);
        quoteAttempts.push({ projectId: created.json.id, body: { projectId: created.json.id, products: payload.json.products.map((line) => ({ _id: line._id, quantity: line.quantity })) }, key: randomUUID() });
      }
      const delay = Math.floor(Math.random() * maxDelay);
      const fired = attempts.map(async (attempt) => {
        try {
          const answer = await client.request('POST', '/api/orders/v2/orders/process/', attempt.body, { 'idempotency-key': attempt.key });
          if (answer.status === 200) attempt.acknowledged = answer.json.orderId;
        } catch {
          // the connection died with the server
        }
      });
      const quotesFired = quoteAttempts.map(async (attempt) => {
        try {
          const answer = await client.request('POST', '/api/projects/v1/budget', attempt.body, { 'idempotency-key': attempt.key });
          if (answer.status === 201) attempt.acknowledged = answer.json.id;
        } catch {
          // the connection died with the server
        }
      });
      await sleep(delay);
      await server.kill('SIGKILL');
      await Promise.all([...fired, ...quotesFired]);
      await server.start();
      for (const attempt of quoteAttempts) {
        // The same key: the quote that committed answers (replayed, or from its bound resource); one
        // that did not commit is made now; in flight (60 s lease of the dead process) a new key is safe
        // only because nothing committed under the old one.
        let answer = await client.request('POST', '/api/projects/v1/budget', attempt.body, { 'idempotency-key': attempt.key });
        if (answer.status === 409 && answer.json.code === 'IDEMPOTENCY_KEY_IN_FLIGHT') answer = await client.request('POST', '/api/projects/v1/budget', attempt.body, { 'idempotency-key': randomUUID() });
        if (answer.status !== 201) summary.failures.push(`run ${run}: quote retry of project ${attempt.projectId}: ${answer.status} ${answer.json.code ?? ''}`);
        else if (attempt.acknowledged !== undefined && answer.json.id !== attempt.acknowledged) summary.failures.push(`run ${run}: quote ${attempt.acknowledged} acknowledged, the retry answered ${answer.json.id}`);
        quoteProjects.push({ projectId: attempt.projectId, ...(attempt.acknowledged !== undefined ? { acknowledged: attempt.acknowledged } : {}) });
      }
      for (const attempt of attempts) {
        if (attempt.acknowledged === undefined) {
          const id = await settle(client, attempt, summary.failures);
          if (id !== undefined) summary.answeredAfterRestart += 1;
        } else summary.acknowledgedBeforeKill += 1;
        const list = await client.request('GET', `/api/orders/v2/orders/by-project/${attempt.projectId}`);
        const ids = (list.json as unknown as Array<{ orderId: number }>).map((item) => item.orderId);
        if (ids.length !== 1) summary.failures.push(`run ${run}: project ${attempt.projectId} has ${ids.length} orders`);
        if (attempt.acknowledged !== undefined && ids[0] !== attempt.acknowledged) summary.failures.push(`run ${run}: acknowledged order ${attempt.acknowledged} of project ${attempt.projectId} is not its order (${ids.join(',')})`);
        if (ids[0] !== undefined) ours.set(attempt.projectId, ids[0]);
      }
      summary.runs = run;
      log(`run ${run}: killed after ${delay} ms; ${attempts.filter((a) => a.acknowledged !== undefined).length}/${perRun} acknowledged before the kill`);
    }
    // Let the outbox and the ERP finish every order (the ERP steps are 40 ms apart here).
    const deadline = Date.now() + 120_000;
    for (const orderId of ours.values()) {
      for (;;) {
        const order = await client.request('GET', `/api/orders/v1/orders/${orderId}`);
        if (order.json?.status === 4 && order.json?.delivery === 'sent' && order.json?.invoice) break;
        if (Date.now() > deadline) {
          summary.failures.push(`order ${orderId} did not finish: ${JSON.stringify({ status: order.json?.status, delivery: order.json?.delivery })}`);
          break;
        }
        await sleep(100);
      }
    }
  } finally {
    await server.kill('SIGTERM');
  }

  // The database itself, read directly once the server is down.
  const db = new PGlite(join(options.dataDir, 'pglite'));
  try {
    if (quoteProjects.length > 0) {
      const twice = await db.query<{ project_id: number; n: number }>(
        `select project_id, count(*)::int as n from quotes where project_id in (${quoteProjects.map((item) => item.projectId).join(',')}) group by project_id having count(*) <> 1`,
      );
      for (const row of twice.rows) summary.failures.push(`project ${row.project_id}: ${row.n} quotes`);
      summary.quotes = quoteProjects.length;
    }
    const projectIds = [...ours.keys()];
    const orderIds = [...ours.values()];
    summary.orders = orderIds.length;
    if (orderIds.length > 0) {
      const list = (values: number[]) => values.join(',');
      const perProject = await db.query<{ project_id: number; n: number }>(`select project_id, count(*)::int as n from orders where project_id in (${list(projectIds)}) group by project_id having count(*) <> 1`);
      for (const row of perProject.rows) summary.failures.push(`project ${row.project_id}: ${row.n} orders`);
      const deliveries = await db.query<{ order_id: number; n: number; done: number }>(
        `select (payload->>'orderId')::int as order_id, count(*)::int as n, count(*) filter (where status = 'done')::int as done from jobs where queue = 'orders.deliver' and (payload->>'orderId')::int in (${list(orderIds)}) group by 1`,
      );
      const byOrder = new Map(deliveries.rows.map((row) => [row.order_id, row]));
      for (const id of orderIds) {
        const row = byOrder.get(id);
        if (!row || row.n !== 1 || row.done !== 1) summary.failures.push(`order ${id}: outbox jobs ${row?.n ?? 0}, done ${row?.done ?? 0}`);
      }
      const received = await db.query<{ order_id: number; receipts: number }>(`select order_id, receipts from erp_received_orders where order_id in (${list(orderIds)})`);
      if (received.rows.length !== orderIds.length) summary.failures.push(`ERP received ${received.rows.length} of ${orderIds.length} orders`);
      summary.redeliveredToErp = received.rows.filter((row) => row.receipts > 1).length;
      const steps = await db.query<{ order_id: number; status: number; n: number; done: number }>(
        `select (payload->>'orderId')::int as order_id, (payload->>'status')::int as status, count(*)::int as n, count(*) filter (where status = 'done')::int as done from jobs where queue = 'erp.advance' and (payload->>'orderId')::int in (${list(orderIds)}) group by 1, 2`,
      );
      const offSteps = steps.rows.filter((row) => row.n !== 1 || row.done !== 1).map((row) => `order ${row.order_id} status ${row.status}: ${row.n} jobs, ${row.done} done`);
      if (steps.rows.length !== orderIds.length * 3 || offSteps.length > 0) summary.failures.push(`ERP steps: ${steps.rows.length} of ${orderIds.length * 3}, not all once and done${offSteps.length > 0 ? ` (${offSteps.join('; ')})` : ''}`);
      const invoiced = await db.query<{ n: number }>(`select count(*)::int as n from invoices where order_id in (${list(orderIds)})`);
      if (invoiced.rows[0]?.n !== orderIds.length) summary.failures.push(`invoices: ${invoiced.rows[0]?.n} of ${orderIds.length}`);
      const orders = await db.query<{ id: number; status: number; delivery: string }>(`select id, status, delivery from orders where id in (${list(orderIds)}) and (status <> 4 or delivery <> 'sent')`);
      for (const row of orders.rows) summary.failures.push(`order ${row.id}: status ${row.status}, delivery ${row.delivery}`);
    }
  } finally {
    await db.close();
  }
  return summary;
}

async function main(): Promise<void> {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 100;
  const started = Date.now();
  const entry = buildServerBundle();
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-kill9-'));
  // The first start migrates and seeds the demo data.
  const seeding = new Server(entry, dataDir, await freePort(), true);
  await seeding.start();
  await seeding.kill('SIGTERM');
  try {
    const summary = await runKill9({ runs, dataDir, serverEntry: entry, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`${JSON.stringify({ ...summary, seconds: Math.round((Date.now() - started) / 1000) }, null, 2)}\n`);
    process.exitCode = summary.failures.length === 0 && summary.runs === runs ? 0 : 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    removeServerBundle(entry);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
