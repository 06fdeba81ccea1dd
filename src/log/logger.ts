import { Writable } from 'node:stream';
import { isMainThread } from 'node:worker_threads';
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { escapeBidiControls } from '../text/bidi-controls.js';

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
    prettyStream({ destination: bidiSafeStderr(), sync: true, colorize: process.stderr.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,name' }),
  );
}

/**
 * JSON lines on stderr: stdout belongs to the stdio transport. Secrets are redacted wherever
 * they could appear in a logged object. Direction controls from self-asserted text are written
 * as escapes, so that a client's name cannot reorder a log line on an operator's screen.
 *
 * On a worker thread (`serve` runs on one) each line is written before the call returns. Written
 * asynchronously, a thread that then ends loses what was not written yet: pino writes the rest
 * at exit on the main thread only, and `logger.flush(cb)` does not wait for a write under way,
 * so `serve` ended by SIGTERM sometimes lost its last lines ("shutting down").
 */
export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { name: 'site-content-mcp' },
      hooks: { streamWrite: escapeBidiControls },
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
    destination ?? pino.destination({ fd: 2, sync: !isMainThread }),
  );
}

/** stderr for the readable form, which prints the values of a JSON line and so would undo its escapes. */
function bidiSafeStderr(): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      process.stderr.write(escapeBidiControls(chunk.toString()), callback);
    },
  });
}
