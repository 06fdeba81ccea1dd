import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { defaultTextMapGetter, diag, DiagLogLevel, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Histogram, type Link, type Span, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPMetricExporter as JsonMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as ProtobufMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { ConsoleMetricExporter, MeterProvider, PeriodicExportingMetricReader, type IMetricReader } from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
} from '@opentelemetry/sdk-trace';
import type { Logger } from '../log/logger.js';
import { httpOutcome, requestFacts, responseId, responseOutcome, type McpOutcome, type McpRequestFacts } from './mcp-message.js';
import type { MetricsEndpoint, OtelSettings } from './settings.js';
import { httpRouteOf, MetricsListenError, type HttpHook, type ObservableTransport, type Telemetry, type TelemetryRequest } from './telemetry.js';

/** The MCP conventions' advice for mcp.server.operation.duration, in seconds. */
const MCP_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];
/** The HTTP conventions' advice for http.server.request.duration, in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const HTTP_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'QUERY', 'TRACE']);
/** A response body bigger than this is not read for its JSON-RPC outcome (the request is taken as answered). */
const MAX_OBSERVED_BODY = 4 * 1024 * 1024;

/**
 * The OpenTelemetry SDK, wired from our settings (not from the global API: nothing is
 * registered process-wide but the SDK's own diagnostic logger, which goes to ours).
 */
export async function startOpenTelemetry(request: TelemetryRequest): Promise<Telemetry> {
  const { otel, metrics, logger } = request;
  diag.setLogger(
    { error: (message) => logger.warn(`OpenTelemetry: ${message}`), warn: (message) => logger.warn(`OpenTelemetry: ${message}`), info: () => undefined, debug: () => undefined, verbose: () => undefined },
    DiagLogLevel.WARN,
  );
  const resource = serviceResource(otel, request.version);
  const tracerProvider = otel?.traces === undefined ? undefined : traceProvider(otel, resource, request.stdio, logger);
  const readers: IMetricReader[] = [];
  const pushed = otel?.metrics === undefined ? undefined : metricReader(otel.metrics, request.stdio, logger);
  if (pushed) readers.push(pushed);
  const prometheus = metrics === undefined ? undefined : new PrometheusExporter({ preventServerStart: true });
  if (prometheus) readers.push(prometheus);
  const meterProvider = readers.length === 0 ? undefined : new MeterProvider({ resource, readers });
  let scrape: Awaited<ReturnType<typeof metricsServer>> | undefined;
  try {
    scrape = prometheus && metrics ? await metricsServer(prometheus, metrics) : undefined;
  } catch (error) {
    await Promise.allSettled([tracerProvider?.shutdown(), meterProvider?.shutdown()]);
    diag.disable();
    throw error;
  }
  if (scrape) logger.info({ url: scrape.url }, 'Prometheus metrics');
  if (tracerProvider || pushed) logger.info({ traces: otel?.traces?.url ?? null, metrics: otel?.metrics?.url ?? null }, 'OpenTelemetry export');

  const meter = meterProvider?.getMeter('site-content-mcp', request.version);
  const observer = new Observer(
    tracerProvider?.getTracer('site-content-mcp', request.version),
    meter?.createHistogram('http.server.request.duration', { unit: 's', description: 'Duration of HTTP server requests.', advice: { explicitBucketBoundaries: HTTP_BUCKETS } }),
    meter?.createHistogram('mcp.server.operation.duration', {
      unit: 's',
      description: 'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
      advice: { explicitBucketBoundaries: MCP_BUCKETS },
    }),
  );
  return {
    http: [observer.http],
    mcpHttp: [observer.mcpHttp],
    observeStdio: (transport) => observer.observeStdio(transport),
    ...(scrape ? { metricsUrl: scrape.url } : {}),
    async close() {
      const results = await Promise.allSettled([tracerProvider?.shutdown(), meterProvider?.shutdown(), scrape?.close()]);
      for (const result of results) if (result.status === 'rejected') logger.warn({ err: result.reason }, 'OpenTelemetry: shutting down failed');
      diag.disable();
    },
  };
}

function serviceResource(otel: OtelSettings | undefined, version: string): Resource {
  return defaultResource().merge(
    resourceFromAttributes({ ...otel?.resourceAttributes, 'service.name': otel?.serviceName ?? 'site-content-mcp', 'service.version': version }),
  );
}

function traceProvider(otel: OtelSettings, resource: Resource, stdio: boolean, logger: Logger): TracerProvider | undefined {
  const traces = otel.traces!;
  if (traces.exporter === 'console' && stdio) {
    logger.warn('OTEL_TRACES_EXPORTER=console is ignored over stdio, where stdout carries the protocol');
    return undefined;
  }
  const options = { url: traces.url, headers: { ...traces.headers }, timeoutMillis: traces.timeoutMs };
  const exporter = traces.exporter === 'console' ? new ConsoleSpanExporter() : traces.protocol === 'http/json' ? new JsonTraceExporter(options) : new ProtobufTraceExporter(options);
  return new TracerProvider({ resource, sampler: sampler(otel.sampler), spanProcessors: [new BatchSpanProcessor({ exporter })] });
}

function sampler(settings: OtelSettings['sampler']): Sampler {
  const ratio = new TraceIdRatioBasedSampler(settings.ratio);
  switch (settings.name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

function metricReader(settings: NonNullable<OtelSettings['metrics']>, stdio: boolean, logger: Logger): IMetricReader | undefined {
  if (settings.exporter === 'console' && stdio) {
    logger.warn('OTEL_METRICS_EXPORTER=console is ignored over stdio, where stdout carries the protocol');
    return undefined;
  }
  const options = { url: settings.url, headers: { ...settings.headers }, timeoutMillis: settings.timeoutMs };
  const exporter = settings.exporter === 'console' ? new ConsoleMetricExporter() : settings.protocol === 'http/json' ? new JsonMetricExporter(options) : new ProtobufMetricExporter(options);
  return new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: settings.intervalMs, exportTimeoutMillis: Math.min(settings.timeoutMs, settings.intervalMs) });
}

/** GET /metrics on its own port: the Prometheus text exposition; anything else 404. */
async function metricsServer(exporter: PrometheusExporter, endpoint: MetricsEndpoint): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')) return exporter.getMetricsRequestHandler(req, res);
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new MetricsListenError(endpoint.host, endpoint.port, error)));
    server.listen(endpoint.port, endpoint.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type Transport = 'http' | 'stdio';

/** One MCP request in flight. */
interface McpOperation {
  readonly facts: McpRequestFacts;
  readonly transport: Transport;
  readonly httpVersion?: string;
  readonly started: number;
  readonly span?: Span;
}

/** Turns requests and messages into spans and durations. */
class Observer {
  private readonly propagator = new W3CTraceContextPropagator();
  /** The HTTP server span of a request, for the MCP span that request carries. */
  private readonly httpSpans = new WeakMap<http.IncomingMessage, Span>();

  constructor(
    private readonly tracer: Tracer | undefined,
    private readonly httpDuration: Histogram | undefined,
    private readonly mcpDuration: Histogram | undefined,
  ) {}

  readonly http: HttpHook = (req, res, next) => {
    const started = performance.now();
    const method = HTTP_METHODS.has(req.method ?? '') ? req.method! : '_OTHER';
    const common: Attributes = { 'http.request.method': method, 'url.scheme': 'http', 'network.protocol.version': req.httpVersion };
    if (this.tracer) {
      const parent = this.propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
      // The path only: the query may hold what someone searched for.
      const span = this.tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { ...common, 'url.path': (req.url ?? '/').split('?')[0]! } }, parent);
      this.httpSpans.set(req, span);
    }
    res.once('close', () => {
      const route = httpRouteOf(req, res);
      const attributes: Attributes = { ...common, 'http.response.status_code': res.statusCode };
      if (route !== undefined) attributes['http.route'] = route;
      const failed = !res.writableFinished ? 'aborted' : res.statusCode >= 500 ? String(res.statusCode) : undefined;
      if (failed !== undefined) attributes['error.type'] = failed;
      this.httpDuration?.record((performance.now() - started) / 1000, attributes);
      const span = this.httpSpans.get(req);
      if (span) {
        span.setAttributes(attributes);
        if (route !== undefined) span.updateName(`${method} ${route}`);
        if (failed !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
    next();
  };

  readonly mcpHttp: HttpHook = (req, res, next) => {
    const header = req.headers['mcp-protocol-version'];
    const facts = requestFacts((req as { body?: unknown }).body, typeof header === 'string' ? header : undefined);
    if (facts === undefined) return next();
    const operation = this.start(facts, 'http', this.httpSpans.get(req), req.httpVersion);
    // The answer's bytes as they are written (no copy of a Buffer), to read its outcome once sent.
    const chunks: (Buffer | string)[] = [];
    let size = 0;
    const keep = (chunk: unknown) => {
      if (size > MAX_OBSERVED_BODY || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk))) return;
      size += chunk.length;
      chunks.push(chunk);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: http.ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk);
      return (end as (...args: unknown[]) => http.ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
    res.once('close', () => {
      const body = size > MAX_OBSERVED_BODY ? Buffer.alloc(0) : Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
      const contentType = res.getHeader('content-type');
      this.finish(operation, httpOutcome(res.statusCode, typeof contentType === 'string' ? contentType : undefined, body, facts.id, res.writableFinished));
    });
    next();
  };

  observeStdio(transport: ObservableTransport): void {
    const receive = transport.onmessage as ((message: unknown, ...rest: unknown[]) => void) | undefined;
    if (!receive) return;
    const send = (transport.send as (message: unknown, ...rest: unknown[]) => Promise<void>).bind(transport);
    const pending = new Map<string, McpOperation>();
    let negotiated: string | undefined;
    (transport as { onmessage: unknown }).onmessage = (message: unknown, ...rest: unknown[]) => {
      const facts = requestFacts(message, negotiated);
      if (facts !== undefined) {
        const operation = this.start(facts, 'stdio');
        if (facts.id === undefined) this.finish(operation, {});
        else pending.set(facts.id, operation);
      }
      return receive(message, ...rest);
    };
    (transport as { send: unknown }).send = (message: unknown, ...rest: unknown[]) => {
      const id = responseId(message);
      const operation = id === undefined ? undefined : pending.get(id);
      if (operation !== undefined) {
        pending.delete(id!);
        const outcome = responseOutcome(message);
        if (operation.facts.method === 'initialize' && outcome.protocolVersion !== undefined) negotiated = outcome.protocolVersion;
        this.finish(operation, outcome);
      }
      return send(message, ...rest);
    };
  }

  private start(facts: McpRequestFacts, transport: Transport, httpSpan?: Span, httpVersion?: string): McpOperation {
    const started = performance.now();
    if (!this.tracer) return { facts, transport, started, ...(httpVersion === undefined ? {} : { httpVersion }) };
    // The client's context from params._meta is the parent; the HTTP request is linked. Without
    // one, the HTTP span (itself a child of the traceparent header) is the parent.
    const fromMeta = facts.traceCarrier === undefined ? undefined : this.propagator.extract(ROOT_CONTEXT, facts.traceCarrier, defaultTextMapGetter);
    const metaParent = fromMeta !== undefined && trace.getSpanContext(fromMeta) !== undefined ? fromMeta : undefined;
    const parent: Context = metaParent ?? (httpSpan ? trace.setSpan(ROOT_CONTEXT, httpSpan) : ROOT_CONTEXT);
    const links: Link[] = metaParent !== undefined && httpSpan ? [{ context: httpSpan.spanContext() }] : [];
    const attributes: Attributes = { ...this.mcpAttributes(facts, transport, httpVersion) };
    if (facts.id !== undefined) attributes['jsonrpc.request.id'] = facts.id;
    if (facts.resourceUri !== undefined) attributes['mcp.resource.uri'] = facts.resourceUri;
    const name = facts.toolName === undefined ? facts.method : `${facts.method} ${facts.toolName}`;
    const span = this.tracer.startSpan(name, { kind: SpanKind.SERVER, attributes, links }, parent);
    return { facts, transport, started, span, ...(httpVersion === undefined ? {} : { httpVersion }) };
  }

  private finish(operation: McpOperation, outcome: McpOutcome): void {
    const seconds = (performance.now() - operation.started) / 1000;
    // An unknown tool is refused with -32602: its name came from the client only and stays out.
    const facts = outcome.statusCode === '-32602' && operation.facts.toolName !== undefined ? withoutTool(operation.facts) : operation.facts;
    const attributes = this.mcpAttributes(facts, operation.transport, operation.httpVersion);
    if (attributes['mcp.protocol.version'] === undefined && outcome.protocolVersion !== undefined) attributes['mcp.protocol.version'] = outcome.protocolVersion;
    if (outcome.errorType !== undefined) attributes['error.type'] = outcome.errorType;
    if (outcome.statusCode !== undefined) attributes['rpc.response.status_code'] = outcome.statusCode;
    this.mcpDuration?.record(seconds, attributes);
    const { span } = operation;
    if (!span) return;
    if (facts !== operation.facts) {
      span.updateName(facts.method);
      span.setAttribute('gen_ai.tool.name', '_OTHER');
    }
    span.setAttributes(attributes);
    if (outcome.errorType !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, ...(outcome.message === undefined ? {} : { message: outcome.message }) });
    span.end();
  }

  /** The attributes both the span and the duration carry (all low-cardinality). */
  private mcpAttributes(facts: McpRequestFacts, transport: Transport, httpVersion?: string): Attributes {
    const attributes: Attributes = { 'mcp.method.name': facts.method, 'network.transport': transport === 'stdio' ? 'pipe' : 'tcp' };
    if (transport === 'http') attributes['network.protocol.name'] = 'http';
    if (httpVersion !== undefined) attributes['network.protocol.version'] = httpVersion;
    if (facts.toolName !== undefined) {
      attributes['gen_ai.tool.name'] = facts.toolName;
      attributes['gen_ai.operation.name'] = 'execute_tool';
    }
    if (facts.protocolVersion !== undefined) attributes['mcp.protocol.version'] = facts.protocolVersion;
    return attributes;
  }
}

function withoutTool(facts: McpRequestFacts): McpRequestFacts {
  const { toolName: _unknown, ...rest } = facts;
  return rest;
}
