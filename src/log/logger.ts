import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/options.js';
import { escapeBidiControlsInJson } from '../text/bidi-controls.js';

export type { Logger };

/**
 * JSON lines on stderr: stdout belongs to the stdio transport. Secrets are redacted wherever
 * they could appear in a logged object. Direction controls from self-asserted text are written
 * as escapes, so that a client's name cannot reorder a log line on an operator's screen.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { name: 'site-content-mcp' },
      hooks: { streamWrite: escapeBidiControlsInJson },
      redact: {
        paths: [
          'authorization',
          '*.authorization',
          'headers.authorization',
          'req.headers.authorization',
          'password',
          '*.password',
          'token',
          '*.token',
          'smtpUrl',
          '*.smtpUrl',
          'redisUrl',
          '*.redisUrl',
          'signingKey',
          '*.signingKey',
          'previousSigningKey',
          '*.previousSigningKey',
          'cursorSecret',
          '*.cursorSecret',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? pino.destination({ fd: 2, sync: false }),
  );
}
