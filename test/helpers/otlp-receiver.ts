import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One OTLP/HTTP export as a collector receives it. */
export interface OtlpExport {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

export interface OtlpAttribute {
  readonly key: string;
  readonly value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
}

/** A span as OTLP/JSON encodes it (ids in hex). */
export interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes: OtlpAttribute[];
  readonly links?: { traceId: string; spanId: string }[];
  readonly status?: { code?: number; message?: string };
}

export interface OtlpHistogram {
  readonly name: string;
  readonly unit: string;
  readonly histogram?: { dataPoints: { attributes: OtlpAttribute[]; count: string | number; explicitBounds: number[] }[] };
}

/**
 * A stand-in OpenTelemetry collector on loopback: takes every OTLP/HTTP export (202-free 200s, as
 * a collector answers) and keeps it for the test to decode.
 */
export class OtlpReceiver {
  readonly exports: OtlpExport[] = [];
  private readonly events = new EventEmitter();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      this.exports.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
      res.writeHead(200, { 'Content-Type': req.headers['content-type'] === 'application/json' ? 'application/json' : 'application/x-protobuf' }).end(req.headers['content-type'] === 'application/json' ? '{}' : '');
      this.events.emit('export');
    });
  });

  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Resolves once an export satisfies `done` (the test's own timeout bounds the wait). */
  until(done: (receiver: this) => boolean): Promise<void> {
    if (done(this)) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!done(this)) return;
        this.events.off('export', check);
        resolve();
      };
      this.events.on('export', check);
    });
  }

  /** Every span of every OTLP/JSON trace export. */
  spans(): OtlpSpan[] {
    return this.json('/v1/traces').flatMap((request) =>
      (request.resourceSpans as { scopeSpans: { spans: OtlpSpan[] }[] }[]).flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );
  }

  /** The service name of the trace exports. */
  serviceNames(): string[] {
    return this.json('/v1/traces').flatMap((request) =>
      (request.resourceSpans as { resource: { attributes: OtlpAttribute[] } }[]).map((resource) => attribute(resource.resource.attributes, 'service.name') as string),
    );
  }

  /** Every metric of every OTLP/JSON metric export. */
  metrics(): OtlpHistogram[] {
    return this.json('/v1/metrics').flatMap((request) =>
      (request.resourceMetrics as { scopeMetrics: { metrics: OtlpHistogram[] }[] }[]).flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics)),
    );
  }

  private json(path: string): Record<string, unknown>[] {
    return this.exports.filter((item) => item.path === path && item.contentType.startsWith('application/json')).map((item) => JSON.parse(item.body.toString('utf8')) as Record<string, unknown>);
  }
}

/** An attribute's value, whatever its OTLP type. */
export function attribute(attributes: readonly OtlpAttribute[], key: string): string | number | boolean | undefined {
  const value = attributes.find((item) => item.key === key)?.value;
  if (value === undefined) return undefined;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue ?? value.doubleValue;
}

/** The attributes as a plain object, for `toMatchObject`. */
export function attributesOf(attributes: readonly OtlpAttribute[]): Record<string, string | number | boolean | undefined> {
  return Object.fromEntries(attributes.map((item) => [item.key, attribute(attributes, item.key)]));
}
