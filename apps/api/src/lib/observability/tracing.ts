import { context, type Context, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Traces with OpenTelemetry (issue 33 §4): off by default (a no-op tracer, nothing exported); with
 * OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) set, spans are batched to that OTLP/HTTP collector.
 * Spans: each HTTP request (`GET /api/projects/v1/projects/:projectId`, continuing the caller's W3C
 * `traceparent`), each job run (`job documents.make`) and each socket event (`socket download`). The
 * provider is this app's own (not the process-wide global), so several apps in one test process
 * never share one.
 */
export interface Tracing {
  tracer: Tracer;
  enabled: boolean;
  /** Runs `fn` in a span (jobs, socket events); the span ends with its outcome. */
  inSpan<T>(name: string, attributes: Record<string, string | number>, fn: () => Promise<T>, parent?: Context): Promise<T>;
  /** Sends what is batched (tests; a graceful stop). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const NOOP: Tracing = {
  tracer: trace.getTracer('lumen-api-disabled'),
  enabled: false,
  inSpan: (_name, _attributes, fn) => fn(),
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
  return {
    tracer,
    enabled: true,
    async inSpan(name, attributes, fn, parent) {
      const span = tracer.startSpan(name, { attributes }, parent ?? context.active());
      try {
        const result = await fn();
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
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracing.tracer.startSpan(`${request.method} ${route}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0] ?? '' } }, remoteParent(request.headers.traceparent));
    spans.set(request, span);
    request.log = request.log.child({ traceId: span.spanContext().traceId });
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
