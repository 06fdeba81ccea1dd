import { pino } from 'pino';
import { loadConfig, type Config } from '../../src/config/load-config.js';
import { createContext, type AppContext, type ContextParts } from '../../src/context.js';
import type { ConnectionLimits } from '../../src/http/connections.js';
import { serveHttp, type RunningServer } from '../../src/http/serve.js';
import { testDataDir } from './data-dir.js';
import { MINI_SITE } from './paths.js';

export { testDataDir };

/** A config as the CLI would build it from these flags and variables. */
export function testConfig(argv: string[] = [], env: NodeJS.ProcessEnv = {}): Config {
  const request = loadConfig(argv, { LOG_LEVEL: 'silent', DATA_DIR: testDataDir(), ...env });
  if (request.kind !== 'run') throw new Error('expected a run request');
  return request.config;
}

export const quietLogger = () => pino({ level: 'silent' });

/** The application context over a content directory (the mini fixture site by default). */
export function testContext(contentDir = MINI_SITE, parts: ContextParts = {}, argv: string[] = []): Promise<AppContext> {
  return createContext(testConfig(['--content-dir', contentDir, ...argv]), { logger: quietLogger(), ...parts });
}

/** The real HTTP server on a free loopback port (connection limits shortened where a test says). */
export function startTestServer(contentDir = MINI_SITE, argv: string[] = [], parts: ContextParts = {}, limits: Partial<ConnectionLimits> = {}): Promise<RunningServer> {
  return serveHttp(testConfig(['serve', '--port', '0', '--content-dir', contentDir, ...argv]), { logger: quietLogger(), ...parts }, limits);
}
