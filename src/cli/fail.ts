import { ConfigError } from '../config/load-config.js';
import type { MessageLanguage } from '../messages/catalog.js';
import { WordedError } from '../messages/worded-error.js';

/**
 * Start-up failures are for a person at a terminal: one plain message in `lang`, no stack. A
 * configuration error, a port in use, content that cannot be loaded (each a `WordedError`).
 */
export function fail(error: unknown, exitCode: number, lang: MessageLanguage): void {
  if (error instanceof ConfigError || error instanceof WordedError) {
    // In the terminal's language (flags, values, paths and field names as given).
    process.stderr.write(`site-content-mcp: ${error.inLanguage(lang)}\n`);
  } else {
    process.stderr.write(`site-content-mcp: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exitCode = exitCode;
}
