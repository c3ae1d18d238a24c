/**
 * Cluster benchmark (issue 33 §3): the production-shaped topology (apps/api/scripts/cluster.ts: api
 * processes behind HAProxy on one PostgreSQL and s3rver) under a mixed workload, with 1, 2 and 3 nodes:
 * throughput and p99 through the load balancer. Then the soak: 3 nodes under the same load while each
 * node in turn is restarted gracefully (SIGTERM: /ready 503 for SHUTDOWN_DRAIN_MS, then HTTP and sockets
 * drained, running jobs handed back) — every request must succeed.
 *
 * The mixed workload, per virtual user (a distributor with its own project), in a loop: read the
 * project (GET), change a line's quantity (PUT), read the orders list (GET), issue a quote (POST with an
 * Idempotency-Key), read the catalogue's families (GET). The load generator runs on the same machine
 * (2 cores shared with the nodes, PostgreSQL and HAProxy), so the figures are this machine's.
 * Run: npx tsx bench/cluster.bench.ts   (BENCH_SECONDS=20 per run, BENCH_USERS=16, BENCH_NODES=1,2,3, BENCH_SOAK_SECONDS=60)
 */
import { randomUUID } from 'node:crypto';
import { buildServerBundle, removeServerBundle } from '../apps/api/scripts/orders-kill9';
import { type Cluster, startCluster } from '../apps/api/scripts/cluster';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 16);
const NODES = (process.env.BENCH_NODES ?? '1,2,3').split(',').filter(Boolean).map(Number);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const REFERENCES = ['552010/02_10', '577010/02_10', '235505/03_10'];

interface Tally {
  latencies: number[];
  failures: string[];
  byNode: Map<string, number>;
}

async function call(base: string, cookie: string, method: string, path: string, tally: Tally, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    tally.latencies.push(performance.now() - started);
    const node = response.headers.get('x-lumen-node') ?? '?';
    tally.byNode.set(node, (tally.byNode.get(node) ?? 0) + 1);
    if (response.status >= 400) tally.failures.push(`${method} ${path}: ${response.status} ${text.slice(0, 120)}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch (error) {
    tally.latencies.push(performance.now() - started);
    tally.failures.push(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/users/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demo-password' }) });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** USERS virtual users in a loop for `seconds`; returns the tally. */
async function load(cluster: Cluster, seconds: number, during?: () => Promise<void>): Promise<{ tally: Tally; seconds: number }> {
  const base = cluster.url;
  const setupTally: Tally = { latencies: [], failures: [], byNode: new Map() };
  // Two sessions (two companies) shared by the virtual users: logins themselves (argon2) are not the workload.
  const sessions = [await login(base, 'distributor@demo.example'), await login(base, 'distributor2@demo.example')];
  const users = await Promise.all(
    Array.from({ length: USERS }, async (_, index) => {
      const cookie = sessions[index % 2] ?? '';
      const project = (await call(base, cookie, 'POST', '/api/projects/v1/projects', setupTally, {
        name: `Bench ${index}`,
        catalogId: 16,
        products: REFERENCES.map((referenceCode) => ({ type: 'REGULAR', referenceCode, quantity: 2 })),
      })) as { id: number; products: Array<{ _id: string }> };
      return { cookie, project };
    }),
  );
  if (setupTally.failures.length > 0) throw new Error(`setup: ${setupTally.failures.slice(0, 3).join('; ')}`);
  const tally: Tally = { latencies: [], failures: [], byNode: new Map() };
  const started = performance.now();
  const until = started + seconds * 1000;
  let round = 0;
  // The load lasts `seconds`, and at least as long as `during` (the soak's restarts) runs.
  let duringDone = during === undefined;
  const duringRun = during?.().finally(() => {
    duringDone = true;
  });
  const running = users.map(async ({ cookie, project }) => {
    while (performance.now() < until || !duringDone) {
      round += 1;
      await call(base, cookie, 'GET', `/api/projects/v1/projects/${project.id}`, tally);
      await call(base, cookie, 'PUT', `/api/projects/v1/projects/${project.id}/products/${project.products[0]?._id}`, tally, { quantity: 1 + (round % 9) });
      await call(base, cookie, 'GET', '/api/orders/v3/orders?page=1&limit=10', tally);
      await call(base, cookie, 'POST', '/api/projects/v1/budget', tally, { projectId: project.id, iva: 21 }, { 'idempotency-key': randomUUID() });
      await call(base, cookie, 'GET', '/api/apiv2/articles/variations?model=5520&catalog=16', tally);
    }
  });
  await Promise.all([...running, duringRun]);
  return { tally, seconds: (performance.now() - started) / 1000 };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function processCpu(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  const { readFileSync } = await import('node:fs');
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const entry = buildServerBundle();
const results: Array<Record<string, unknown>> = [];
try {
  for (const nodes of NODES) {
    const cluster = await startCluster({ nodes, serverEntry: entry, env: { ERP_STEP_MS: '3600000', LOG_LEVEL: 'error', LOGIN_RATE_LIMIT_PER_IP: '100000' } });
    try {
      await load(cluster, 3); // warm-up
      const cpuBefore = await Promise.all(cluster.nodes.map((node) => processCpu(node.child?.pid)));
      const { tally, seconds } = await load(cluster, SECONDS);
      const cpuAfter = await Promise.all(cluster.nodes.map((node) => processCpu(node.child?.pid)));
      const row = {
        nodes,
        requests: tally.latencies.length,
        rps: Math.round(tally.latencies.length / seconds),
        p50ms: Math.round(percentile(tally.latencies, 50)),
        p99ms: Math.round(percentile(tally.latencies, 99)),
        failures: tally.failures.length,
        byNode: Object.fromEntries(tally.byNode),
        nodeCpuPercent: cpuAfter.map((cpu, i) => Math.round(((cpu - (cpuBefore[i] ?? 0)) / seconds) * 100)),
      };
      results.push(row);
      process.stdout.write(`${JSON.stringify(row)}\n`);
      if (tally.failures.length > 0) process.stdout.write(`  first failures: ${tally.failures.slice(0, 3).join(' | ')}\n`);
    } finally {
      await cluster.stop();
    }
  }

  if (SOAK_SECONDS > 0) {
    const cluster = await startCluster({ nodes: 3, serverEntry: entry, env: { ERP_STEP_MS: '3600000', LOG_LEVEL: 'error', LOGIN_RATE_LIMIT_PER_IP: '100000', SHUTDOWN_DRAIN_MS: '2500' } });
    try {
      const restarts: string[] = [];
      const { tally, seconds } = await load(cluster, SOAK_SECONDS, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5000));
        for (const node of cluster.nodes) {
          const t0 = Date.now();
          await cluster.stopNode(node, 'SIGTERM');
          await cluster.waitBalancer(node, false);
          await cluster.startNode(node);
          await cluster.waitBalancer(node, true);
          restarts.push(`${node.name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        }
      });
      const row = { soak: true, nodes: 3, seconds: Math.round(seconds), requests: tally.latencies.length, rps: Math.round(tally.latencies.length / seconds), p99ms: Math.round(percentile(tally.latencies, 99)), failures: tally.failures.length, restarts };
      results.push(row);
      process.stdout.write(`${JSON.stringify(row)}\n`);
      if (tally.failures.length > 0) process.stdout.write(`  failures: ${tally.failures.slice(0, 5).join(' | ')}\n`);
    } finally {
      await cluster.stop();
    }
  }
} finally {
  removeServerBundle(entry);
}
process.stdout.write(`${JSON.stringify(results)}\n`);
