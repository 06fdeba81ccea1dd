import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config/load-config.js';
import { createContext, type AppContext, type ContextParts } from '../context.js';
import { createApp } from './app.js';
import { insightsEdge } from '../insights/http-edge.js';
import { DEFAULT_CONNECTION_LIMITS, HttpConnections, type ConnectionLimits } from './connections.js';
import { packageInfo } from '../config/package-root.js';
import { watchContentDir, type ContentWatch } from '../live/content-watch.js';
import { answerWhileStarting } from '../rest/starting.js';
import { ListenError } from './listen-error.js';
import type { SourceSync } from '../import/source-sync.js';
import type { ReloadOutcome, ReloadTrigger } from '../live/content-reloader.js';
import { createStderrLogger } from '../log/logger.js';
import { BrowserGate } from '../net/browser/browser-gate.js';
import { NetworkPolicy } from '../net/network-policy.js';
import { systemResolver } from '../net/resolver.js';

/** With a shared store, how often an instance looks for content another instance synced. */
export const PEER_CHECK_MS = 5_000;

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  readonly ctx: AppContext;
  /**
   * Stops accepting connections, answers every request already received (with Connection: close),
   * closes the connections (all of them once `graceMs` is over), then releases the context.
   */
  close(graceMs?: number): Promise<void>;
  /** SIGHUP: re-syncs the live site with --source, else reloads the content directory. A failure keeps the current content serving. */
  reload(trigger: ReloadTrigger): Promise<ReloadOutcome>;
}

/**
 * Starts the HTTP server. It listens first, answering 503 while the content loads, so that the
 * port is known (PORT=0 picks one) before the public base URL is fixed, and a slow index build
 * never leaves a health check without an answer.
 */
export async function serveHttp(config: Config, parts: ContextParts = {}, limits: Partial<ConnectionLimits> = {}): Promise<RunningServer> {
  // Reassigned below for --source (where the content comes from, and one logger from the start).
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
  let source: SourceSync | undefined;
  let hadContent = false;
  try {
    if (config.source !== undefined) {
      // The importer is loaded only for --source; until its first import the API answers 503.
      const { SourceSync } = await import('../import/source-sync.js');
      const logger = parts.logger ?? (await createStderrLogger(config.logLevel, config.logFormat));
      parts = { ...parts, logger };
      // One browser at a time in this process: the sync's rendering and the scans wait for each other.
      const browserGate = parts.browserGate ?? new BrowserGate();
      parts = { ...parts, browserGate };
      source = new SourceSync(config, NetworkPolicy.create(config.scanAllowPrivateTargets, parts.resolver ?? systemResolver), packageInfo().version, logger, browserGate);
      hadContent = await source.hasLiveContent();
      if (!hadContent) await source.firstImport();
      config = { ...config, contentDir: source.liveDir };
    }
    ctx = await createContext({ ...config, port }, parts);
  } catch (error) {
    source?.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  const app = createApp(ctx);
  // Requests and responses are made with the app's prototypes from now on (connections.ts).
  connections.useAppPrototypes(app.request, app.response);
  // Each request is made with the fields where it keeps its content snapshot (decision 0157) and
  // insights their record (decision 0156).
  connections.giveRequestsField(ctx.content.field);
  if (ctx.insights !== undefined) connections.giveRequestsField(ctx.insights.requests.field);
  handler = app;
  // Insights are told of this server's requests as they start and end (its metrics port and any other server are not counted).
  const edge = insightsEdge(ctx.insights, ctx.logger);
  if (edge !== undefined) connections.observeRequests(edge);
  const watching = startWatching(ctx);
  if (config.redisUrl !== undefined) ctx.reloader.followPeers(PEER_CHECK_MS);
  if (source !== undefined) {
    // A restart serves the last good import at once and re-syncs in the background.
    if (hadContent) void source.sync(ctx.reloader, 'sync');
    source.schedule(ctx.reloader, config.syncInterval);
  }
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  ctx.logger.info({ url, publicBaseUrl: ctx.publicBaseUrl }, 'listening');

  return {
    url,
    ctx,
    async close(graceMs = 10_000) {
      await connections.drain(graceMs);
      watching?.close();
      source?.stop();
      await ctx.reloader.idle();
      await ctx.close();
    },
    reload(trigger) {
      return source === undefined ? ctx.reloader.reload(undefined, { trigger }) : source.sync(ctx.reloader, trigger);
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
