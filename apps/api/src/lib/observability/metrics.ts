import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import type { JobOutcome } from '../jobs';

/**
 * What an operator sees (issue 33 §4): Prometheus metrics of one process, served on an operator
 * listener of its own (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default), never on the public port:
 * the load balancer only forwards the public one, so the public cannot reach /metrics.
 *
 * - `http_request_duration_seconds{method,route,status_code}`: latency and status by route (the
 *   route's pattern, never the raw URL: ids do not make new series).
 * - `lumen_jobs{queue,status}` and `lumen_jobs_oldest_pending_seconds{queue}`: the queue's depth and
 *   the age of its oldest due job, read from the database at each scrape (the queue every process
 *   shares, so any node tells it); `lumen_jobs_settled_total{queue,outcome}` and
 *   `lumen_job_duration_seconds{queue}`: what this process ran.
 * - `lumen_socket_connections`: sockets connected to this process.
 * - `lumen_db_pool_connections{state}` and `lumen_db_pool_max`: the PostgreSQL pool.
 * - `nodejs_eventloop_lag_*` and the rest of prom-client's default process metrics.
 * - `lumen_web_errors_total`: errors reported by the web (POST /api/errors/v1/reports).
 */
export interface Metrics {
  registry: Registry;
  observeJob(event: { queue: string; outcome: JobOutcome | 'started'; ms?: number }): void;
  webError(): void;
  /** Starts the operator listener (when configured); resolves with its address. */
  listen(): Promise<AddressInfo | undefined>;
  close(): Promise<void>;
}

export interface MetricsOptions {
  database: Pick<Database, 'db' | 'poolStats'>;
  listener: { port: number; host: string } | undefined;
  sockets: () => number;
}

/**
 * prom-client's process metrics (CPU, memory, event-loop lag, GC) in one registry per process: their
 * observers are process-wide and never let go, so an app's own registry (whose gauges reach the app)
 * must not be theirs, or a closed app would never be collected (src/app-close.test.ts).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

export function createMetrics(options: MetricsOptions): Metrics {
  const own = new Registry();
  new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });
  const jobsSettled = new Counter({ name: 'lumen_jobs_settled_total', help: 'Jobs this process settled, by queue and outcome', labelNames: ['queue', 'outcome'] as const, registers: [own] });
  const jobDuration = new Histogram({ name: 'lumen_job_duration_seconds', help: 'Run time of the jobs this process settled', labelNames: ['queue'] as const, buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300], registers: [own] });
  const webErrors = new Counter({ name: 'lumen_web_errors_total', help: 'Errors the web reported to the api', registers: [own] });
  const db = options.database.db;
  new Gauge({
    name: 'lumen_jobs',
    help: 'Jobs in the shared queue by queue and status (pending, running)',
    labelNames: ['queue', 'status'] as const,
    registers: [own],
    async collect() {
      this.reset();
      const result = await db.execute(sql`select queue, status, count(*)::int as n from jobs where status in ('pending', 'running') group by queue, status`);
      for (const row of (result as unknown as { rows: Array<{ queue: string; status: string; n: number }> }).rows) this.set({ queue: row.queue, status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'lumen_jobs_oldest_pending_seconds',
    help: 'Age of the oldest due pending job by queue (how far the workers are behind)',
    labelNames: ['queue'] as const,
    registers: [own],
    async collect() {
      this.reset();
      const result = await db.execute(
        sql`select queue, extract(epoch from (now() - min(available_at)))::float8 as age from jobs where status = 'pending' and available_at <= now() group by queue`,
      );
      for (const row of (result as unknown as { rows: Array<{ queue: string; age: number }> }).rows) this.set({ queue: row.queue }, Math.max(0, Number(row.age)));
    },
  });
  new Gauge({
    name: 'lumen_socket_connections',
    help: 'socket.io connections to this process',
    registers: [own],
    collect() {
      this.set(options.sockets());
    },
  });
  const pool = options.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'lumen_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'] as const,
      registers: [own],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'lumen_db_pool_max',
      help: 'The PostgreSQL pool size',
      registers: [own],
      collect() {
        this.set(pool().max);
      },
    });
  }

  // What /metrics shows: this app's metrics and the process's.
  const registry = Registry.merge([processMetrics(), own]);
  let server: Server | undefined;
  return {
    registry,
    observeJob(event) {
      if (event.outcome === 'started') return;
      jobsSettled.inc({ queue: event.queue, outcome: event.outcome });
      if (event.ms !== undefined) jobDuration.observe({ queue: event.queue }, event.ms / 1000);
    },
    webError: () => webErrors.inc(),
    async listen() {
      if (!options.listener) return undefined;
      const listener = options.listener;
      server = createServer((request, response) => {
        if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        registry
          .metrics()
          .then((text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text))
          .catch((error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error instanceof Error ? error.message : String(error)}\n`));
      });
      const opened = server;
      await new Promise<void>((resolve, reject) => {
        opened.once('error', reject);
        opened.listen(listener.port, listener.host, () => resolve());
      });
      return opened.address() as AddressInfo;
    },
    async close() {
      const opened = server;
      server = undefined;
      if (opened) await new Promise<void>((resolve) => opened.close(() => resolve()));
    },
  };
}

/** Times every request into http_request_duration_seconds by its route pattern. */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const histogram = registry.getSingleMetric('http_request_duration_seconds') as Histogram<'method' | 'route' | 'status_code'> | undefined;
  if (!histogram) return;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    histogram.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
