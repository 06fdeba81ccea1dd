import { ConfigError } from '../config/load-config.js';
import { ContentError } from '../content/load-site.js';
import type { MessageLanguage } from '../messages/catalog.js';
import { ListenError } from '../http/listen-error.js';
import { MetricsListenError } from '../telemetry/telemetry.js';

/** Start-up failures are for a person at a terminal: one plain message, no stack; a configuration error in `lang`. */
export function fail(error: unknown, exitCode: number, lang: MessageLanguage): void {
  if (error instanceof ConfigError) {
    // In the terminal's language (the problems name flags and values as given).
    process.stderr.write(`site-content-mcp: ${error.inLanguage(lang)}\n`);
  } else if (error instanceof ContentError || error instanceof ListenError || error instanceof MetricsListenError) {
    process.stderr.write(`site-content-mcp: ${error.message}\n`);
  } else {
    process.stderr.write(`site-content-mcp: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exitCode = exitCode;
}
