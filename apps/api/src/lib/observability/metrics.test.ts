import { like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeWithDb, testDbKind } from '../../../test/test-db';

/** Issue 33 §4 (metrics) and §1 (NODE_ROLE). */
describeWithDb('operator metrics and node roles', () => {
  let t: TestApp;
  let scrapeUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.metrics.address;
    expect(address?.address).toBe('127.0.0.1');
    scrapeUrl = `http://127.0.0.1:${address?.port}/metrics`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves Prometheus text on the operator listener only: latency and status by route, queue depth and age, sockets, pool, event-loop lag', async () => {
    const agent = t.agent();
    expect((await agent.get('/health')).statusCode).toBe(200);
    expect((await agent.get('/api/projects/v1/projects/999999')).statusCode).toBe(401);
    await t.app.jobs.enqueue([{ queue: 'metrics.test-only', payload: {}, availableAt: new Date(Date.now() - 60_000) }]);
    const response = await fetch(scrapeUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health",status_code="200"\} 1/);
    // The route's pattern, not the URL: ids make no new series.
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="[^"]*:[a-zA-Z]+[^"]*",status_code="401"\} 1/);
    expect(text).not.toMatch(/route="[^"]*999999/);
    expect(text).toMatch(/lumen_jobs\{queue="metrics.test-only",status="pending"\} 1/);
    expect(Number(/lumen_jobs_oldest_pending_seconds\{queue="metrics.test-only"\} ([\d.]+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(59);
    expect(text).toMatch(/lumen_socket_connections 0/);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    if (testDbKind() === 'postgres') expect(text).toMatch(/lumen_db_pool_connections\{state="total"\} \d+/);
    // The public port has no metrics.
    expect((await agent.get('/metrics')).statusCode).not.toBe(200);
    expect((await fetch(scrapeUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('NODE_ROLE=worker answers its health checks only; NODE_ROLE=http never runs the queue', async () => {
    const worker = await createTestApp({ env: { NODE_ROLE: 'worker' }, database: t.database });
    try {
      expect((await worker.agent().get('/ready')).statusCode).toBe(200);
      expect((await worker.agent().post('/api/users/v1/auth/login', { email: 'distributor@demo.example', password: 'demo-password' })).statusCode).toBe(404);
    } finally {
      await worker.close();
    }
    const http = await createTestApp({ env: { NODE_ROLE: 'http' } });
    const all = await createTestApp({});
    try {
      // A running queue enqueues the recurring housekeeping's current period at once.
      await expect.poll(async () => (await all.database.db.select().from(jobs).where(like(jobs.queue, 'housekeeping.%'))).length).toBeGreaterThan(0);
      expect(await http.database.db.select().from(jobs).where(like(jobs.queue, 'housekeeping.%'))).toHaveLength(0);
      await http.agent().login('distributor@demo.example');
    } finally {
      await http.close();
      await all.close();
    }
  });
});
