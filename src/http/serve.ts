import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config/load-config.js';
import { createContext, type AppContext, type ContextParts } from '../context.js';
import { createApp } from './app.js';
import { packageInfo } from '../config/package-root.js';
import { watchContentDir, type ContentWatch } from '../live/content-watch.js';
import { answerWhileStarting } from '../rest/starting.js';
import { ListenError } from './listen-error.js';

/** With a shared store, how often an instance looks for content another instance synced. */
export const PEER_CHECK_MS = 5_000;

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  readonly ctx: AppContext;
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`), then releases the context. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Starts the HTTP server. It listens first, answering 503 while the content loads, so that the
 * port is known (PORT=0 picks one) before the public base URL is fixed, and a slow index build
 * never leaves a health check without an answer.
 */
export async function serveHttp(config: Config, parts: ContextParts = {}): Promise<RunningServer> {
  // Until the site file is read, `serve` links to this server (as createContext will); the port is known once listening.
  let startingBaseUrl = config.publicBaseUrl ?? `http://localhost:${config.port}`;
  let handler: http.RequestListener = (req, res) => {
    if (answerWhileStarting(req, res, startingBaseUrl, packageInfo().version)) return;
    res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '1' }).end('Starting\n');
  };
  const server = http.createServer((req, res) => handler(req, res));
  // Slow clients must not hold sockets for minutes (slowloris); keep-alive outlives a proxy's idle timeout.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 65_000;

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
  const watching = startWatching(ctx);
  if (config.redisUrl !== undefined) ctx.reloader.followPeers(PEER_CHECK_MS);
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  ctx.logger.info({ url, publicBaseUrl: ctx.publicBaseUrl }, 'listening');

  return {
    url,
    ctx,
    async close(graceMs = 10_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(timer);
      watching?.close();
      await ctx.close();
    },
  };
}

/** `--watch`: a reload after each burst of changes in the content directory. */
function startWatching(ctx: AppContext): ContentWatch | undefined {
  if (!ctx.config.watch) return undefined;
  const { contentDir } = ctx.config;
  ctx.logger.info({ contentDir }, 'watching the content directory for changes');
  return watchContentDir(
    contentDir,
    () => void ctx.reloader.reload(undefined, { trigger: 'watch' }),
    (error) => ctx.logger.error({ err: error, contentDir }, 'content: watching stopped; restart or send SIGHUP to reload'),
  );
}
