import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, serveCli } from '../helpers/cli-server.js';
import { connectStdio, connectStdio2026 } from '../helpers/mcp-client.js';
import { attribute, attributesOf, OtlpReceiver } from '../helpers/otlp-receiver.js';
import { MINI_SITE } from '../helpers/paths.js';

// The built bin (npm run build): the SDK is a chunk of the bundle, loaded only with OTEL_* set.
const PARENT = { traceId: '5bf92f3577b34da6a3ce929d0e0e4736', spanId: '10f067aa0ba902b7' };
const MODERN_PARENT = { traceId: '6af7651916cd43dd8448eb211c80319c', spanId: 'c7ad6b7169203331' };
const traceparent = (parent: { traceId: string; spanId: string }) => `00-${parent.traceId}-${parent.spanId}-01`;

describe('telemetry of MCP over stdio (the built bin, as desktop assistants launch it)', () => {
  const receiver = new OtlpReceiver();

  beforeAll(async () => {
    await receiver.start();
    const env = { CONTENT_DIR: MINI_SITE, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'desktop-site' };
    const [{ client: legacy }, modern] = await Promise.all([connectStdio([], env), connectStdio2026([], env)]);
    await legacy.callTool({ name: 'search_site', arguments: { query: 'ga4' }, _meta: { traceparent: traceparent(PARENT) } });
    await modern.callTool({ name: 'get_contact', arguments: {}, _meta: { traceparent: traceparent(MODERN_PARENT) } });
    // Ending the session ends the process, which sends what it still holds.
    await Promise.all([legacy.close(), modern.close()]);
    await receiver.until((it) => {
      const names = it.spans().map((span) => span.name);
      return names.includes('tools/call search_site') && names.includes('tools/call get_contact') && it.metrics().length >= 2;
    });
  });
  afterAll(() => receiver.close());

  it('exports a tool call span on a pipe, continuing the trace from params._meta (2025-11-25)', () => {
    const span = receiver.spans().find((candidate) => candidate.name === 'tools/call search_site')!;
    expect(span.traceId).toBe(PARENT.traceId);
    expect(span.parentSpanId).toBe(PARENT.spanId);
    expect(attributesOf(span.attributes)).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'search_site', 'network.transport': 'pipe', 'mcp.protocol.version': '2025-11-25' });
    expect(attribute(span.attributes, 'network.protocol.name')).toBeUndefined();
  });

  it('does the same for a 2026-07-28 client', () => {
    const span = receiver.spans().find((candidate) => candidate.name === 'tools/call get_contact')!;
    expect(span.traceId).toBe(MODERN_PARENT.traceId);
    expect(attributesOf(span.attributes)).toMatchObject({ 'network.transport': 'pipe', 'mcp.protocol.version': '2026-07-28' });
  });

  it('records the initialize handshake with the version it agreed on', () => {
    const span = receiver.spans().find((candidate) => candidate.name === 'initialize')!;
    expect(attribute(span.attributes, 'mcp.protocol.version')).toBe('2025-11-25');
  });

  it('exports the operation durations of both sessions before the process exits', () => {
    const points = receiver.metrics().filter((metric) => metric.name === 'mcp.server.operation.duration').flatMap((metric) => metric.histogram?.dataPoints ?? []);
    expect(points.map((point) => attribute(point.attributes, 'gen_ai.tool.name'))).toEqual(expect.arrayContaining(['search_site', 'get_contact']));
    expect(new Set(receiver.serviceNames())).toEqual(new Set(['desktop-site']));
  });
});

describe('telemetry of the served bin with only OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('sends OTLP/HTTP protobuf, the default protocol, and flushes on SIGTERM', async () => {
    const receiver = await new OtlpReceiver().start();
    try {
      const served = await serveCli({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, LOG_LEVEL: 'info' });
      await fetch(`${served.url}/api/v1/search?q=ga4`).then((response) => response.text());
      served.child.kill('SIGTERM');
      expect(await exitOf(served.child)).toBe(0);
      const traces = receiver.exports.filter((item) => item.path === '/v1/traces');
      expect(traces.map((item) => item.contentType)).toContain('application/x-protobuf');
      // Protobuf keeps strings as they are: the span's name and route are in the bytes.
      expect(Buffer.concat(traces.map((item) => item.body)).includes('GET /api/v1/search')).toBe(true);
      expect(receiver.exports.some((item) => item.path === '/v1/metrics' && item.contentType === 'application/x-protobuf')).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
