/**
 * What the standard OpenTelemetry environment variables ask for, as `loadConfig` reads them
 * (src/config/otel-env.ts): which signals are exported where, and what names the service.
 * Nothing here is read from the environment later: the SDK is given these values.
 */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface SignalExport {
  /** `otlp` sends to `url`; `console` writes to stdout (never with stdio, where stdout is the protocol). */
  readonly exporter: 'otlp' | 'console';
  readonly protocol: OtlpProtocol;
  /** The full OTLP/HTTP address of the signal (…/v1/traces, …/v1/metrics). */
  readonly url: string;
  /** OTEL_EXPORTER_OTLP_HEADERS (and the per-signal variable): may hold an API key, never logged. */
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

export interface MetricsExport extends SignalExport {
  /** OTEL_METRIC_EXPORT_INTERVAL: how often metrics are pushed. */
  readonly intervalMs: number;
}

export type SamplerName = 'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';

export interface OtelSettings {
  /** Undefined when no trace exporter is asked for. */
  readonly traces?: SignalExport;
  /** Undefined when no metric exporter is asked for. */
  readonly metrics?: MetricsExport;
  /** OTEL_SERVICE_NAME; default site-content-mcp. */
  readonly serviceName: string;
  /** OTEL_RESOURCE_ATTRIBUTES. */
  readonly resourceAttributes: Readonly<Record<string, string>>;
  /** OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG; default parentbased_always_on. */
  readonly sampler: { readonly name: SamplerName; readonly ratio: number };
}

/** Where the Prometheus scrape endpoint listens (--metrics-port on --host). */
export interface MetricsEndpoint {
  readonly host: string;
  readonly port: number;
}
