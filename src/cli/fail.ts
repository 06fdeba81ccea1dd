import { ConfigError } from '../config/load-config.js';
import { ContentError } from '../content/load-site.js';
import { ListenError } from '../http/listen-error.js';
import { MetricsListenError } from '../telemetry/telemetry.js';

/** Start-up failures are for a person at a terminal: one plain message, no stack. */
export function fail(error: unknown, exitCode: number): void {
  if (error instanceof ConfigError || error instanceof ContentError || error instanceof ListenError || error instanceof MetricsListenError) {
    process.stderr.write(`site-content-mcp: ${error.message}\n`);
  } else {
    process.stderr.write(`site-content-mcp: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exitCode = exitCode;
}
