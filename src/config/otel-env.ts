import { quotable, type Said } from './options.js';
import type { MetricsExport, OtelSettings, OtlpProtocol, SamplerName, SignalExport } from '../telemetry/settings.js';

/** The OTLP/HTTP receiver the OpenTelemetry specification names as the default. */
const DEFAULT_OTLP_ENDPOINT = 'http://localhost:4318';
const EXPORTERS = ['otlp', 'console', 'none'] as const;
const PROTOCOLS: readonly OtlpProtocol[] = ['http/protobuf', 'http/json'];
const SAMPLERS: readonly SamplerName[] = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'];

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the standard OpenTelemetry variables (OTEL_*). Export is on only when they ask for it:
 * an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or a per-signal one), or
 * OTEL_TRACES_EXPORTER / OTEL_METRICS_EXPORTER names an exporter; OTEL_SDK_DISABLED=true turns
 * it all off. Undefined means nothing is exported (and no OpenTelemetry code is loaded).
 * Values we cannot honour are start-up problems in `problems`, each saying what to set instead.
 */
export function otelSettings(env: Env, problems: Said[]): OtelSettings | undefined {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  if (value('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return undefined;
  const found: Said[] = [];
  try {
    return settings(value, found);
  } finally {
    // Both signals read the shared variables: a wrong one is said once.
    const seen = new Set<string>();
    for (const problem of found) {
      const id = JSON.stringify(problem);
      if (!seen.has(id)) problems.push(problem);
      seen.add(id);
    }
  }
}

function settings(value: (name: string) => string | undefined, problems: Said[]): OtelSettings | undefined {
  const traces = signal('TRACES', 'traces', value, problems);
  const metricsBase = signal('METRICS', 'metrics', value, problems);
  const metrics: MetricsExport | undefined =
    metricsBase && { ...metricsBase, intervalMs: milliseconds('OTEL_METRIC_EXPORT_INTERVAL', value, 60_000, problems) };
  if (traces === undefined && metrics === undefined) return undefined;

  const samplerName = (value('OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on').toLowerCase();
  if (!(SAMPLERS as readonly string[]).includes(samplerName)) problems.push({ key: 'config.otel.sampler', values: { values: SAMPLERS.join(', '), got: quotable(samplerName) } });
  const ratioText = value('OTEL_TRACES_SAMPLER_ARG');
  const ratio = ratioText === undefined ? 1 : Number(ratioText);
  if (!(ratio >= 0 && ratio <= 1)) problems.push({ key: 'config.otel.samplerArg', values: { got: quotable(ratioText) } });

  return {
    ...(traces === undefined ? {} : { traces }),
    ...(metrics === undefined ? {} : { metrics }),
    serviceName: value('OTEL_SERVICE_NAME') ?? 'site-content-mcp',
    resourceAttributes: keyValuePairs('OTEL_RESOURCE_ATTRIBUTES', value('OTEL_RESOURCE_ATTRIBUTES'), problems),
    sampler: { name: samplerName as SamplerName, ratio },
  };
}

function signal(
  upper: 'TRACES' | 'METRICS',
  path: 'traces' | 'metrics',
  value: (name: string) => string | undefined,
  problems: Said[],
): SignalExport | undefined {
  const signalEndpoint = value(`OTEL_EXPORTER_OTLP_${upper}_ENDPOINT`);
  const endpoint = value('OTEL_EXPORTER_OTLP_ENDPOINT');
  const exporterName = `OTEL_${upper}_EXPORTER`;
  const named = value(exporterName)?.toLowerCase();
  const exporter = named ?? (signalEndpoint !== undefined || endpoint !== undefined ? 'otlp' : 'none');
  if (!(EXPORTERS as readonly string[]).includes(exporter)) {
    problems.push({ key: 'config.otel.exporter', values: { name: exporterName, values: EXPORTERS.join(', '), got: quotable(named) } });
    return undefined;
  }
  if (exporter === 'none') return undefined;
  const protocolName = `OTEL_EXPORTER_OTLP_${upper}_PROTOCOL`;
  const protocol = value(protocolName) ?? value('OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf';
  if (!(PROTOCOLS as readonly string[]).includes(protocol)) {
    problems.push({ key: 'config.otel.protocol', values: { name: value(protocolName) === undefined ? 'OTEL_EXPORTER_OTLP_PROTOCOL' : protocolName, got: quotable(protocol) } });
  }
  const url = signalEndpoint ?? `${(endpoint ?? DEFAULT_OTLP_ENDPOINT).replace(/\/+$/, '')}/v1/${path}`;
  if (!/^https?:\/\/[^\s]+$/i.test(url) || !URL.canParse(url)) {
    problems.push({ key: 'config.otel.endpoint', values: { name: signalEndpoint === undefined ? 'OTEL_EXPORTER_OTLP_ENDPOINT' : `OTEL_EXPORTER_OTLP_${upper}_ENDPOINT`, got: quotable(signalEndpoint ?? endpoint) } });
  }
  const headers = {
    ...keyValuePairs('OTEL_EXPORTER_OTLP_HEADERS', value('OTEL_EXPORTER_OTLP_HEADERS'), problems, true),
    ...keyValuePairs(`OTEL_EXPORTER_OTLP_${upper}_HEADERS`, value(`OTEL_EXPORTER_OTLP_${upper}_HEADERS`), problems, true),
  };
  const timeoutMs = milliseconds(`OTEL_EXPORTER_OTLP_${upper}_TIMEOUT`, value, undefined, problems) || milliseconds('OTEL_EXPORTER_OTLP_TIMEOUT', value, 10_000, problems);
  return { exporter: exporter as 'otlp' | 'console', protocol: protocol as OtlpProtocol, url, headers, timeoutMs };
}

/** A whole number of milliseconds; 0 when absent and there is no default. */
function milliseconds(name: string, value: (name: string) => string | undefined, fallback: number | undefined, problems: Said[]): number {
  const raw = value(name);
  if (raw === undefined) return fallback ?? 0;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) {
    problems.push({ key: 'config.otel.milliseconds', values: { name, got: quotable(raw) } });
    return fallback ?? 0;
  }
  return Number(raw);
}

/** `key=value,key2=value2` with percent-encoded values (W3C Baggage form, as the OTel spec has these variables). */
function keyValuePairs(name: string, raw: string | undefined, problems: Said[], secret = false): Record<string, string> {
  const pairs: Record<string, string> = {};
  if (raw === undefined) return pairs;
  for (const item of raw.split(',')) {
    if (item.trim() === '') continue;
    const at = item.indexOf('=');
    const key = at > 0 ? item.slice(0, at).trim() : '';
    let decoded: string | undefined;
    try {
      decoded = at > 0 ? decodeURIComponent(item.slice(at + 1).trim()) : undefined;
    } catch {
      decoded = undefined;
    }
    if (key === '' || decoded === undefined) {
      problems.push({ key: 'config.otel.pairs', values: { name, secret: secret ? 'yes' : 'no', got: secret ? '' : quotable(raw) } });
      return {};
    }
    pairs[key] = decoded;
  }
  return pairs;
}
