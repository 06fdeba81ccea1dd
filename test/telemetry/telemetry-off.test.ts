import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/http/serve.js';
import { startTelemetry } from '../../src/telemetry/start-telemetry.js';
import { MetricsListenError, NO_TELEMETRY } from '../../src/telemetry/telemetry.js';
import { quietLogger, startTestServer, testConfig } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';

describe('telemetry that was not asked for', () => {
  it('is the no-op: no hook for any request, nothing loaded', async () => {
    const telemetry = await startTelemetry({ stdio: false, version: '1.0.0', logger: quietLogger() });
    expect(telemetry).toBe(NO_TELEMETRY);
    expect([...telemetry.http, ...telemetry.mcpHttp]).toEqual([]);
  });

  it('is what a server without OTEL_* or --metrics-port runs with', async () => {
    const server = await startTestServer();
    try {
      expect(server.ctx.telemetry).toBe(NO_TELEMETRY);
    } finally {
      await server.close();
    }
  });
});

describe('the metrics port', () => {
  it('serves only /metrics, and the public port never does', async () => {
    const server = await serveHttp(testConfig(['serve', '--port', '0', '--content-dir', MINI_SITE, '--metrics-port', '0']), { logger: quietLogger() });
    try {
      const metricsUrl = server.ctx.telemetry.metricsUrl!;
      expect((await fetch(metricsUrl)).status).toBe(200);
      expect((await fetch(new URL('/other', metricsUrl))).status).toBe(404);
      const publicAnswer = await fetch(`${server.url}/metrics`);
      expect(publicAnswer.status).toBe(404);
      expect(await publicAnswer.text()).not.toContain('# TYPE');
    } finally {
      await server.close();
    }
  });

  it('refuses a port in use with a message naming the option', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const start = startTelemetry({ metrics: { host: '127.0.0.1', port }, stdio: false, version: '1.0.0', logger: quietLogger() });
      await expect(start).rejects.toBeInstanceOf(MetricsListenError);
      await expect(start).rejects.toThrow(`cannot serve metrics on 127.0.0.1:${port}: the port is already in use; choose another port with --metrics-port / METRICS_PORT`);
    } finally {
      taken.close();
    }
  });
});
