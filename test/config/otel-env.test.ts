import { describe, expect, it } from 'vitest';
import { configProblems, runConfig } from '../helpers/config.js';

describe('the standard OTEL_* variables (docs/telemetry.md)', () => {
  it('ask for nothing when none is set: no OpenTelemetry is loaded', () => {
    expect(runConfig([], {}).otel).toBeUndefined();
  });

  it('ask for nothing with only a service name, nor when OTEL_SDK_DISABLED=true', () => {
    expect(runConfig([], { OTEL_SERVICE_NAME: 'site' }).otel).toBeUndefined();
    expect(runConfig([], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).otel).toBeUndefined();
  });

  it('export traces and metrics over OTLP/HTTP protobuf to the endpoint, one path per signal', () => {
    const otel = runConfig([], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/', OTEL_SERVICE_NAME: 'site-a', OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=prod,team=web%20ops' }).otel;
    expect(otel).toMatchObject({
      traces: { exporter: 'otlp', protocol: 'http/protobuf', url: 'http://collector:4318/v1/traces' },
      metrics: { exporter: 'otlp', protocol: 'http/protobuf', url: 'http://collector:4318/v1/metrics', intervalMs: 60_000 },
      serviceName: 'site-a',
      resourceAttributes: { 'deployment.environment.name': 'prod', team: 'web ops' },
      sampler: { name: 'parentbased_always_on', ratio: 1 },
    });
  });

  it('take a per-signal endpoint as it is, and turn a signal off with none', () => {
    const otel = runConfig([], { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp', OTEL_METRICS_EXPORTER: 'none' }).otel;
    expect(otel?.traces?.url).toBe('https://traces.example/otlp');
    expect(otel?.metrics).toBeUndefined();
  });

  it('keep the headers (an API key) for the exporter', () => {
    const otel = runConfig([], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_HEADERS: 'api-key=s3cr3t%3D' }).otel;
    expect(otel?.traces?.headers).toEqual({ 'api-key': 's3cr3t=' });
  });

  it('refuse gRPC and unknown exporters at start, saying what to set instead', () => {
    expect(configProblems([], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual([
      expect.stringContaining('OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json'),
    ]);
    expect(configProblems([], { OTEL_METRICS_EXPORTER: 'prometheus' })).toEqual([expect.stringContaining('set --metrics-port / METRICS_PORT')]);
  });

  it('never repeat the headers in a problem, as they may hold a key', () => {
    const problems = configProblems([], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign-s3cr3t' });
    expect(problems.join('\n')).not.toContain('s3cr3t');
  });
});

describe('--metrics-port / METRICS_PORT', () => {
  it('is off unless set', () => {
    expect(runConfig(['serve'], {}).metricsPort).toBeUndefined();
    expect(runConfig(['serve'], { METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('must be a port number', () => {
    expect(configProblems(['serve', '--metrics-port', 'ninety'])).toEqual([expect.stringContaining('--metrics-port must be a whole number from 0 to 65535')]);
  });
});
