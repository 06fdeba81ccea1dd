import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../log/logger.js';
import { WordedError } from '../messages/worded-error.js';
import type { MetricsEndpoint, OtelSettings } from './settings.js';

/** A Connect/Express middleware, typed without Express (this folder depends on nothing of ours). */
export type HttpHook = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The part of an MCP stdio transport telemetry watches: the messages in (`onmessage`, set by the
 * SDK when it connects) and out (`send`).
 */
export interface ObservableTransport {
  onmessage?: ((message: never, ...rest: never[]) => void) | undefined;
  send(message: never, ...rest: never[]): Promise<void>;
}

/**
 * Standard telemetry (docs/telemetry.md): OpenTelemetry spans and metrics after its HTTP and MCP
 * semantic conventions, exported over OTLP, and a Prometheus scrape endpoint. The surfaces hook
 * in with a line each; when nothing is asked for, the hooks are empty lists and a no-op, so a
 * server without telemetry runs no telemetry code at all.
 */
export interface Telemetry {
  /** First middleware of the app: one HTTP server span and one duration per request. Empty when off. */
  readonly http: readonly HttpHook[];
  /** On POST /mcp once the body is parsed: one MCP server span per JSON-RPC message. Empty when off. */
  readonly mcpHttp: readonly HttpHook[];
  /** Watches an MCP stdio connection's messages (call it after every other wrapper of `onmessage`). */
  observeStdio(transport: ObservableTransport): void;
  /** Where Prometheus scrapes (http://host:port/metrics), when --metrics-port is set. */
  readonly metricsUrl?: string;
  /** Sends what is still buffered and stops the exporters and the metrics endpoint. */
  close(): Promise<void>;
}

export const NO_TELEMETRY: Telemetry = {
  http: [],
  mcpHttp: [],
  observeStdio: () => undefined,
  close: async () => undefined,
};

export interface TelemetryRequest {
  readonly otel?: OtelSettings;
  readonly metrics?: MetricsEndpoint;
  /** Over stdio, stdout carries the protocol: the console exporters are refused there. */
  readonly stdio: boolean;
  readonly version: string;
  readonly logger: Logger;
}

/** The metrics endpoint could not take its port: a start-up refusal naming the option to change, in the terminal's language. */
export class MetricsListenError extends WordedError {
  override readonly name = 'MetricsListenError';

  constructor(host: string, port: number, cause: NodeJS.ErrnoException) {
    const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    super('metrics_address_unavailable', { key: 'listen.metricsFailed', values: { address, reason: cause.code === 'EADDRINUSE' ? 'inUse' : 'other', code: cause.code ?? cause.message } }, [], { cause });
  }
}

/**
 * Names the route template a surface matched itself (REST endpoints and site pages dispatch
 * without Express routes), for `http.route`: low-cardinality, never the raw path.
 */
export function setHttpRoute(res: ServerResponse, route: string): void {
  const locals = (res as { locals?: Record<string, unknown> }).locals;
  if (locals !== undefined) locals.httpRoute = route;
}

/** The route a surface named with `setHttpRoute`, else the matched Express route (baseUrl + route path). */
export function httpRouteOf(req: IncomingMessage, res: ServerResponse): string | undefined {
  const named = (res as { locals?: Record<string, unknown> }).locals?.httpRoute;
  if (typeof named === 'string') return named;
  const express = req as { baseUrl?: unknown; route?: { path?: unknown } };
  if (typeof express.route?.path !== 'string') return undefined;
  const route = `${typeof express.baseUrl === 'string' ? express.baseUrl : ''}${express.route.path}`;
  return route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route;
}
