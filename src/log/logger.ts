import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

export type { Logger };

/** How log lines look (--log-format); defined here, below config, which offers them as an option. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * The server's logger on stderr: readable lines when a person watches a terminal, JSON lines for
 * a log collector (`--log-format`). The readable form is loaded only when used.
 */
export async function createStderrLogger(level: LevelWithSilent, format: LogFormat): Promise<Logger> {
  const pretty = format === 'pretty' || (format === 'auto' && process.stderr.isTTY === true);
  if (!pretty) return createLogger(level);
  const { default: prettyStream } = await import('pino-pretty');
  return createLogger(
    level,
    prettyStream({ destination: 2, sync: true, colorize: process.stderr.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,name' }),
  );
}

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
