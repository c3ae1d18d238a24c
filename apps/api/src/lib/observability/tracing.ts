import { AsyncLocalStorage } from 'node:async_hooks';
import { context, type Context, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryObserver } from '../../db/client';

/**
 * Traces with OpenTelemetry (issue 33 §4): off by default (a no-op tracer, nothing exported); with
 * OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) set, spans are batched to that OTLP/HTTP collector.
 * Spans: each HTTP request (`GET /api/projects/v1/projects/:projectId`, continuing the caller's W3C
 * `traceparent`), each job run (`job documents.make`), each socket event (`socket download`), and
 * under them each database query (`SELECT`, with the parameterised text and never the values). The
 * provider is this app's own (not the process-wide global), so several apps in one test process
 * never share one; the span a piece of work runs under is carried by this app's AsyncLocalStorage
 * for the same reason (no global context manager).
 */
export interface Tracing {
  tracer: Tracer;
  enabled: boolean;
  /** Runs `fn` in a span (jobs, socket events), the parent of the spans `fn` starts; the span ends with its outcome. */
  inSpan<T>(name: string, attributes: Record<string, string | number>, fn: () => Promise<T>, parent?: Context): Promise<T>;
  /** The context of the work running now (the request's, job's or event's span), for spans started under it. */
  active(): Context;
  /** Runs `fn` with `ctx` as the active context. */
  runIn<T>(ctx: Context, fn: () => T): T;
  /** Database spans (db/client's observer): a client span per query run under a traced piece of work. */
  queryObserver: QueryObserver | undefined;
  /** Sends what is batched (tests; a graceful stop). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const NOOP: Tracing = {
  tracer: trace.getTracer('lumen-api-disabled'),
  enabled: false,
  inSpan: (_name, _attributes, fn) => fn(),
  active: () => context.active(),
  runIn: (_ctx, fn) => fn(),
  queryObserver: undefined,
  flush: async () => undefined,
  shutdown: async () => undefined,
};

export async function createTracing(options: { otlpTracesUrl: string | undefined; serviceName?: string }): Promise<Tracing> {
  if (!options.otlpTracesUrl) return NOOP;
  const [{ NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'lumen-api', 'process.pid': process.pid }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: options.otlpTracesUrl }), { scheduledDelayMillis: 1000 })],
  });
  const tracer = provider.getTracer('lumen-api');
  const store = new AsyncLocalStorage<Context>();
  const active = (): Context => store.getStore() ?? context.active();
  return {
    tracer,
    enabled: true,
    active,
    runIn: (ctx, fn) => store.run(ctx, fn),
    queryObserver: (text) => {
      const parent = active();
      // Queries outside any traced work (listeners, pool checks) would each be a trace of their own: not recorded.
      if (!trace.getSpan(parent)) return undefined;
      const operation = /^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
      const span = tracer.startSpan(operation, { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text.slice(0, 2000) } }, parent);
      return (error) => {
        if (error !== undefined) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      };
    },
    async inSpan(name, attributes, fn, parent) {
      const under = parent ?? active();
      const span = tracer.startSpan(name, { attributes }, under);
      try {
        const result = await store.run(trace.setSpan(under, span), fn);
        span.setStatus({ code: SpanStatusCode.OK });
        return result;
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The caller's trace (W3C traceparent), when it sent a valid one. */
function remoteParent(header: string | string[] | undefined): Context {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return context.active();
  return trace.setSpanContext(context.active(), { traceId: match[1]!, spanId: match[2]!, traceFlags: Number.parseInt(match[3]!, 16) & 1, isRemote: true });
}

const spans = new WeakMap<FastifyRequest, Span>();

/** The trace id of a request's span, for its log lines and error reports (undefined when tracing is off). */
export function traceIdOf(request: FastifyRequest): string | undefined {
  return spans.get(request)?.spanContext().traceId;
}

/** A server span per request, named by the route's pattern; its trace id on the request's log lines. */
export function registerHttpTracing(app: FastifyInstance, tracing: Tracing): void {
  if (!tracing.enabled) return;
  // A callback hook, so that the rest of the request (its handler and the queries it runs) continues in the span's context.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const parent = remoteParent(request.headers.traceparent);
    const span = tracing.tracer.startSpan(`${request.method} ${route}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0] ?? '' } }, parent);
    spans.set(request, span);
    request.log = request.log.child({ traceId: span.spanContext().traceId });
    tracing.runIn(trace.setSpan(parent, span), done);
  });
  app.addHook('onError', async (request, _reply, error) => {
    spans.get(request)?.recordException(error);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}
