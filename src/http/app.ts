import express, { type NextFunction, type Request, type Response } from 'express';
import { authRouter } from '../auth/auth-router.js';
import { askEndpoint } from '../agent-site/ask/ask-endpoint.js';
import { createAgentSite } from '../agent-site/agent-site.js';
import { discoveryRoutes } from '../agent-site/discovery-routes.js';
import type { AppContext } from '../context.js';
import { bodyFailure } from '../web/body-failure.js';
import { snapshotOf } from '../live/content-holder.js';
import { mcpEndpoint } from '../mcp/http-endpoint.js';
import { serverCardRoutes } from '../mcp/server-card.js';
import { restApi } from '../rest/router.js';
import { pageStructuredData } from '../structured-data/page-graph.js';
import { faviconRoutes } from '../web/favicon.js';
import { adminRoutes } from '../insights/admin-routes.js';

/**
 * The HTTP application: every route of the server, in one Express app. It never listens; the
 * caller (src/http/serve.ts or a test) decides where it runs.
 */
export function createApp(ctx: AppContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // ETags are computed by the routes that can do it cheaply (from a snapshot, which never changes).
  app.set('etag', false);
  // req.ip: the socket address, or as many X-Forwarded-For hops from the right as there are
  // trusted proxies. Never `true`, which would trust a client-written X-Forwarded-For.
  app.set('trust proxy', ctx.config.trustProxyHops);

  const agentSite = createAgentSite(ctx, { structuredData: pageStructuredData });
  // Standard telemetry (docs/telemetry.md) sees every request first; nothing is added when it is off.
  for (const hook of ctx.telemetry.http) app.use(hook);
  const serverCard = serverCardRoutes(ctx);

  // The edge: each request takes the content snapshot once, as it arrives, and every route it
  // reaches answers from that one, even if a reload publishes another meanwhile. (Insights note
  // each request before it reaches the app: serve.ts attaches them to the HTTP server.)
  app.use((req, _res, next) => {
    snapshotOf(req, ctx.content);
    next();
  });

  // The busiest prefixes first: every layer before them costs each of their requests a match.
  // Both check bearer tokens themselves.
  app.use('/api/v1', restApi(ctx));
  // The Server Card sits at <streamable-http-url>/server-card (SEP-2127); any other /mcp request passes on.
  app.use('/mcp', serverCard.card, mcpEndpoint(ctx));
  app.use(authRouter(ctx));
  app.use(askEndpoint(ctx));
  app.use(discoveryRoutes(ctx));
  app.use(serverCard.catalog);
  app.use(faviconRoutes());
  app.use(adminRoutes(ctx));
  app.use(agentSite.routes);

  app.use(agentSite.notFound);
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A body no route could read is the client's fault, wherever it arrived: never a 500.
    const failure = bodyFailure(error);
    if (failure !== undefined) {
      ctx.logger.info({ path: req.path, status: failure.status, reason: failure.kind }, 'request body refused');
      if (!res.headersSent) res.status(failure.status).type('text/plain').send(`${failure.reason}\n`);
      return;
    }
    ctx.logger.error({ err: error }, 'request failed');
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal error\n');
  });
  return app;
}
