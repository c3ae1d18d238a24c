import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SocketAck } from '@lumen/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD } from '../../../test/test-app';
import { describeWithDb } from '../../../test/test-db';

/** Issue 33 §4: traces with OpenTelemetry, exported by OTLP/HTTP when configured, off by default. */
describeWithDb('traces (OpenTelemetry, OTLP)', () => {
  let collector: Server;
  let endpoint: string;
  const received: Array<{ name: string; traceId: string; spanId: string; parentSpanId?: string; attributes: Array<{ key: string; value: Record<string, unknown> }> }> = [];

  beforeAll(async () => {
    // A collector: the OTLP/HTTP JSON the exporter posts to /v1/traces.
    collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const parsed = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: typeof received }> }> };
        for (const resource of parsed.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => collector.close(resolve));
  });

  it('exports a span per request (continuing the caller’s traceparent, named by route) and per job run', async () => {
    const t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } });
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const response = await t.app.inject({ method: 'GET', url: '/api/projects/v1/projects/12345', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
      expect(response.statusCode).toBe(401);
      // The recurring housekeeping runs at start: a job span.
      await expect.poll(async () => {
        await t.app.tracing.flush();
        return received.some((span) => span.name.startsWith('job housekeeping.'));
      }, { timeout: 10_000 }).toBe(true);
      const http = received.find((span) => span.name === 'GET /api/projects/v1/projects/:projectId');
      expect(http).toBeDefined();
      expect(http?.traceId).toBe(traceId);
      expect(http?.parentSpanId).toBe('00f067aa0ba902b7');
      expect(http?.attributes.find((attribute) => attribute.key === 'http.response.status_code')?.value).toEqual({ intValue: 401 });
    } finally {
      await t.close();
    }
  });

  it('a request’s and a socket event’s database queries are spans under them, with the query text and no values', async () => {
    const t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } });
    try {
      const login = await t.app.inject({ method: 'POST', url: '/api/users/v1/auth/login', payload: { email: 'specifier@demo.example', password: DEMO_PASSWORD } });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const socket = io(base, { path: '/v2/socketio/docs/download', transports: ['websocket'], extraHeaders: { cookie, origin: base }, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = await new Promise<SocketAck>((resolve) => socket.emit('resume', { downloadId: '00000000-0000-4000-8000-000000000000' }, resolve));
      expect(ack.ok).toBe(false);
      socket.disconnect();
      await expect.poll(async () => {
        await t.app.tracing.flush();
        return received.some((span) => span.name === 'socket resume');
      }, { timeout: 10_000 }).toBe(true);
      const attribute = (span: (typeof received)[number], key: string) => span.attributes.find((entry) => entry.key === key)?.value;
      for (const name of ['POST /api/users/v1/auth/login', 'socket resume']) {
        const parent = received.find((span) => span.name === name);
        expect(parent, name).toBeDefined();
        const queries = received.filter((span) => span.parentSpanId === parent?.spanId && attribute(span, 'db.system.name'));
        expect(queries.length, `queries under ${name}`).toBeGreaterThan(0);
        for (const query of queries) {
          expect(query.traceId).toBe(parent?.traceId);
          expect(query.name).toMatch(/^(SELECT|INSERT|UPDATE|DELETE|WITH|BEGIN|COMMIT)$/);
          // Parameterised: the e-mail and password never reach the trace.
          expect(JSON.stringify(query.attributes)).not.toContain('specifier@demo.example');
        }
      }
    } finally {
      await t.close();
    }
  });

  it('sends nothing when no endpoint is configured', async () => {
    const before = received.length;
    const t = await createTestApp();
    try {
      expect(t.app.tracing.enabled).toBe(false);
      await t.app.inject({ method: 'GET', url: '/health' });
      await t.app.tracing.flush();
    } finally {
      await t.close();
    }
    expect(received.length).toBe(before);
  });
});
