import { execFile } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp, type RunningServer } from '../../src/http/serve.js';
import { quietLogger, testConfig } from '../helpers/context.js';
import { connectHttp, connectHttp2026, type ClientV2 } from '../helpers/mcp-client.js';
import { attribute, attributesOf, OtlpReceiver, type OtlpSpan } from '../helpers/otlp-receiver.js';
import { MINI_SITE } from '../helpers/paths.js';

/** W3C trace contexts the clients send: in params._meta for MCP, in the header for REST. */
const LEGACY_PARENT = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
const MODERN_PARENT = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' };
const REST_PARENT = { traceId: '11111111111111111111111111111111', spanId: '2222222222222222' };
const traceparent = (parent: { traceId: string; spanId: string }) => `00-${parent.traceId}-${parent.spanId}-01`;
const SECRET_QUERY = 'ile kosztuje wdrozenie ga4';
const SERVER_KIND = 2;
const ERROR_STATUS = 2;

const receiver = new OtlpReceiver();
let server: RunningServer;
let exposition = '';

beforeAll(async () => {
  await receiver.start();
  const config = testConfig(['serve', '--port', '0', '--content-dir', MINI_SITE, '--metrics-port', '0'], {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'site-under-test',
  });
  server = await serveHttp(config, { logger: quietLogger() });
  let legacy: Client | undefined;
  let modern: ClientV2 | undefined;
  try {
    [legacy, modern] = await Promise.all([connectHttp(server.url), connectHttp2026(server.url)]);
    await legacy.callTool({ name: 'search_site', arguments: { query: SECRET_QUERY }, _meta: { traceparent: traceparent(LEGACY_PARENT) } });
    await legacy.callTool({ name: 'search_site', arguments: { query: '' } });
    await modern.callTool({ name: 'get_contact', arguments: {}, _meta: { traceparent: traceparent(MODERN_PARENT) } });
    await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'unknown-1', method: 'tools/call', params: { name: 'no_such_tool_x7', arguments: {} } }),
    }).then((response) => response.text());
    await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent(SECRET_QUERY)}`, { headers: { traceparent: traceparent(REST_PARENT) } }).then((response) => response.text());
    await fetch(`${server.url}/pl/uslugi.md`).then((response) => response.text());
    exposition = await (await fetch(server.ctx.telemetry.metricsUrl!)).text();
  } finally {
    await Promise.all([legacy?.close(), modern?.close()]);
    // Closing the server flushes what the exporters still hold.
    await server.close();
  }
});
afterAll(() => receiver.close());

const spanNamed = (name: string, where: (span: OtlpSpan) => boolean = () => true) => {
  const span = receiver.spans().find((candidate) => candidate.name === name && where(candidate));
  if (!span) throw new Error(`no span ${name}; got ${receiver.spans().map((candidate) => candidate.name).join(', ')}`);
  return span;
};

describe('OpenTelemetry traces of MCP over Streamable HTTP (OTLP to a collector)', () => {
  it('names a tool call after the method and the tool, a server span with the MCP attributes', () => {
    const span = spanNamed('tools/call search_site', (candidate) => candidate.traceId === LEGACY_PARENT.traceId);
    expect(span.kind).toBe(SERVER_KIND);
    expect(attributesOf(span.attributes)).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'search_site',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'network.protocol.version': '1.1',
    });
    expect(attribute(span.attributes, 'jsonrpc.request.id')).toEqual(expect.any(String));
    expect(attribute(span.attributes, 'error.type')).toBeUndefined();
  });

  it('continues the trace the client sent in params._meta and links the HTTP request', () => {
    const span = spanNamed('tools/call search_site', (candidate) => candidate.traceId === LEGACY_PARENT.traceId);
    expect(span.parentSpanId).toBe(LEGACY_PARENT.spanId);
    const httpSpan = spanNamed('POST /mcp', (candidate) => span.links?.some((link) => link.spanId === candidate.spanId) ?? false);
    expect(httpSpan.kind).toBe(SERVER_KIND);
  });

  it('does the same for a 2026-07-28 request, with its revision', () => {
    const span = spanNamed('tools/call get_contact');
    expect(span.traceId).toBe(MODERN_PARENT.traceId);
    expect(span.parentSpanId).toBe(MODERN_PARENT.spanId);
    expect(attribute(span.attributes, 'mcp.protocol.version')).toBe('2026-07-28');
  });

  it('makes a message without trace context a child of its HTTP request', () => {
    const initialize = spanNamed('initialize');
    const parent = receiver.spans().find((candidate) => candidate.spanId === initialize.parentSpanId);
    expect(parent?.name).toBe('POST /mcp');
    expect(initialize.traceId).toBe(parent?.traceId);
  });

  it('marks a tool result with isError as error.type tool_error', () => {
    const span = spanNamed('tools/call search_site', (candidate) => attribute(candidate.attributes, 'error.type') !== undefined);
    expect(attribute(span.attributes, 'error.type')).toBe('tool_error');
    expect(span.status?.code).toBe(ERROR_STATUS);
  });

  it('records a JSON-RPC error by its code and keeps an unknown tool name out', () => {
    const span = spanNamed('tools/call', (candidate) => attribute(candidate.attributes, 'jsonrpc.request.id') === 'unknown-1');
    expect(attributesOf(span.attributes)).toMatchObject({ 'error.type': '-32602', 'rpc.response.status_code': '-32602', 'gen_ai.tool.name': '_OTHER' });
    expect(span.status?.code).toBe(ERROR_STATUS);
  });
});

describe('OpenTelemetry traces of the REST and page surfaces', () => {
  it('names a REST request after its route and continues the traceparent header', () => {
    const span = spanNamed('GET /api/v1/search');
    expect(span.traceId).toBe(REST_PARENT.traceId);
    expect(span.parentSpanId).toBe(REST_PARENT.spanId);
    expect(attributesOf(span.attributes)).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/api/v1/search', 'http.response.status_code': 200, 'url.path': '/api/v1/search' });
  });

  it('traces page reads under a route template, not one name per page', () => {
    const span = spanNamed('GET /{page}.md', (candidate) => attribute(candidate.attributes, 'url.path') === '/pl/uslugi.md');
    expect(attributesOf(span.attributes)).toMatchObject({ 'http.route': '/{page}.md', 'http.response.status_code': 200 });
  });

  it('exports no query text, client address or user agent', () => {
    const values = receiver.spans().flatMap((span) => span.attributes.map((item) => `${item.key}=${JSON.stringify(item.value)}`));
    expect(values.join('\n')).not.toMatch(/kosztuje|127\.0\.0\.1|user_agent|client\.address|url\.query/);
  });

  it('names the service from OTEL_SERVICE_NAME', () => {
    expect(new Set(receiver.serviceNames())).toEqual(new Set(['site-under-test']));
  });
});

describe('OpenTelemetry metrics', () => {
  it('exports mcp.server.operation.duration per method and tool, in seconds', () => {
    const metric = receiver.metrics().find((candidate) => candidate.name === 'mcp.server.operation.duration');
    expect(metric?.unit).toBe('s');
    const points = metric?.histogram?.dataPoints ?? [];
    const search = points.find((point) => attribute(point.attributes, 'gen_ai.tool.name') === 'search_site' && attribute(point.attributes, 'error.type') === undefined);
    expect(attributesOf(search!.attributes)).toMatchObject({ 'mcp.method.name': 'tools/call', 'network.transport': 'tcp' });
    expect(Number(search!.count)).toBe(1);
    expect(search!.explicitBounds).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
  });

  it('exports http.server.request.duration per route', () => {
    const metric = receiver.metrics().find((candidate) => candidate.name === 'http.server.request.duration');
    const rest = metric?.histogram?.dataPoints.find((point) => attribute(point.attributes, 'http.route') === '/api/v1/search');
    expect(attributesOf(rest!.attributes)).toMatchObject({ 'http.request.method': 'GET', 'http.response.status_code': 200 });
  });
});

describe('the Prometheus endpoint (--metrics-port)', () => {
  // promtool is Debian's prometheus package (scripts/test.sh installs it; under CI=true it must be there).
  it.skipIf(process.env.SKIP_PROMTOOL_TESTS === '1')('passes promtool check metrics', async () => {
    const result = await promtool(exposition);
    expect(result).toEqual({ code: 0, output: '' });
  });

  it('has the request and tool-call histograms', () => {
    expect(exposition).toMatch(/^# UNIT mcp_server_operation_duration s$/m);
    expect(exposition).toMatch(/^mcp_server_operation_duration_bucket\{.*gen_ai_tool_name="search_site".*le="0.01"\} \d+$/m);
    expect(exposition).toMatch(/^http_server_request_duration_count\{.*http_route="\/api\/v1\/search".*\} 1$/m);
  });
});

/** `promtool check metrics` reads the exposition on stdin; exit 0 and no lint output when it is clean. */
function promtool(text: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = execFile('promtool', ['check', 'metrics'], (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
    child.stdin!.end(text);
  });
}
