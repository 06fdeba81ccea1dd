import { NO_TELEMETRY, type Telemetry, type TelemetryRequest } from './telemetry.js';

/**
 * Telemetry as configured: the OpenTelemetry SDK is imported only when an OTEL_* variable or
 * --metrics-port asks for it (a dynamic import, its own chunk of the bundle), so a server
 * without them loads none of it.
 */
export async function startTelemetry(request: TelemetryRequest): Promise<Telemetry> {
  if (request.otel === undefined && request.metrics === undefined) return NO_TELEMETRY;
  const { startOpenTelemetry } = await import('./open-telemetry.js');
  return startOpenTelemetry(request);
}
