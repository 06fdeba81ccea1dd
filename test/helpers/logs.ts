import { createLogger, type Logger } from '../../src/log/logger.js';

export interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [key: string]: unknown;
}

/** The application's logger (with its redaction), writing JSON lines the test can read (40 = warn, 50 = error). */
export function captureLogs(): { logger: Logger; lines: LogLine[]; text(): string } {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const logger = createLogger('debug', {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line) as LogLine);
    },
  });
  return { logger, lines, text: () => raw.join('') };
}
