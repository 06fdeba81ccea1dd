import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config/load-config.js';
import { createContext, type AppContext, type ContextParts } from '../context.js';
import { createApp } from './app.js';
import { DEFAULT_CONNECTION_LIMITS, HttpConnections, type ConnectionLimits } from './connections.js';
import { packageInfo } from '../config/package-root.js';
import { answerWhileStarting } from '../rest/starting.js';
import { ListenError } from './listen-error.js';

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  readonly ctx: AppContext;
  /**
   * Stops accepting connections, answers every request already received (with Connection: close),
   * closes the connections (all of them once `graceMs` is over), then releases the context.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Starts the HTTP server. It listens first, answering 503 while the content loads, so that the
 * port is known (PORT=0 picks one) before the public base URL is fixed, and a slow index build
 * never leaves a health check without an answer.
 */
export async function serveHttp(config: Config, parts: ContextParts = {}, limits: Partial<ConnectionLimits> = {}): Promise<RunningServer> {
  // Until the site file is read, `serve` links to this server (as createContext will); the port is known once listening.
  let startingBaseUrl = config.publicBaseUrl ?? `http://localhost:${config.port}`;
  let handler: http.RequestListener = (req, res) => {
    if (answerWhileStarting(req, res, startingBaseUrl, packageInfo().version)) return;
    res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1' }).end('Starting\n');
  };
  // Slow clients must not hold sockets (slowloris: headers are cut within 11 s), connections are
  // bounded, keep-alive outlives a proxy's idle timeout; see connections.ts.
  const connections = new HttpConnections((req, res) => handler(req, res), { ...DEFAULT_CONNECTION_LIMITS, maxConnections: config.maxConnections, ...limits });
  const server = connections.server;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new ListenError(config.host, config.port, error)));
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  startingBaseUrl = config.publicBaseUrl ?? `http://localhost:${port}`;

  let ctx: AppContext;
  try {
    ctx = await createContext({ ...config, port }, parts);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  handler = createApp(ctx);
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  ctx.logger.info({ url, publicBaseUrl: ctx.urls.publicBaseUrl }, 'listening');

  return {
    url,
    ctx,
    async close(graceMs = 10_000) {
      await connections.drain(graceMs);
      await ctx.close();
    },
  };
}
