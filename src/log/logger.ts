import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on stderr: stdout belongs to the stdio transport. Secrets are redacted wherever
 * they could appear in a logged object.
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { name: 'site-content-mcp' },
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
