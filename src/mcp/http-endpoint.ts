import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { bearerAuthentication, INVALID_TOKEN_DESCRIPTION } from '../auth/bearer.js';
import { UNAVAILABLE_RETRY_SECONDS } from '../auth/oauth-error.js';
import type { AgentAuth } from '../auth/agent-auth.js';
import { isLoopbackOrigin, LOOPBACK_HOSTNAMES } from '../web/loopback.js';
import { snapshotOf } from '../live/content-holder.js';
import { ALL_TOOLS } from '../../tools/index.js';
import type { ToolDefinition } from '../../tools/tool.js';
import { createMcpServerFactory, type McpContext } from './mcp-server.js';

/** What the HTTP endpoint needs besides the MCP server's own context. */
export interface McpEndpointContext extends McpContext {
  readonly publicBaseUrl: string;
  readonly auth: AgentAuth;
}

/** Requests are single JSON-RPC messages; 256 KB is far above any real one (the SDK allows 4 MB). */
export const MCP_BODY_LIMIT = '256kb';

/**
 * `POST /mcp`: stateless Streamable HTTP. Each request gets a new Server and transport (sharing
 * them across requests leaks responses between clients, CVE-2026-25536), JSON replies instead of
 * SSE, and no session ids. GET and DELETE answer 405: there is no stream to resume and no session
 * to end. Host and Origin are checked first (DNS-rebinding protection), then the bearer token
 * if one was sent: the caller's `agent` is who it identifies.
 */
export function mcpEndpoint(ctx: McpEndpointContext, tools: readonly ToolDefinition[] = ALL_TOOLS): express.Router {
  const createServer = createMcpServerFactory(ctx, tools);
  const router = express.Router();
  const originPolicy = allowedOriginPolicy(ctx);

  router.use(hostHeaderValidation(allowedHostnames(ctx)));
  router.use(originCheck(originPolicy));
  router.options('/', (_req, res) => {
    res.set({
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, MCP-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
      'Access-Control-Max-Age': '86400',
    });
    res.status(204).end();
  });
  const { urls } = ctx.auth;
  // A token is optional; a token that is sent must be valid and meant for this tool server.
  const authentication = bearerAuthentication(
    ctx.auth,
    { audience: [urls.mcpResource], metadataUrl: urls.resourceMetadataUrl(urls.mcpResource) },
    {
      invalid: (_req, res, challenge) => {
        res.status(401).set({ 'WWW-Authenticate': challenge, 'Cache-Control': 'no-store' }).json({ error: 'invalid_token', error_description: INVALID_TOKEN_DESCRIPTION });
      },
      unavailable: (_req, res) => {
        res
          .status(503)
          .set('Retry-After', String(UNAVAILABLE_RETRY_SECONDS))
          .json({ error: 'temporarily_unavailable', error_description: 'Tokens cannot be checked right now; requests without a token keep working.' });
      },
    },
  );
  router.post('/', authentication, express.json({ limit: MCP_BODY_LIMIT, type: ['application/json', 'application/*+json'] }), async (req, res) => {
    if (Array.isArray(req.body)) {
      jsonRpcError(res, 400, -32600, 'Batch requests are not supported (removed in MCP 2025-06-18): send one JSON-RPC message per request.');
      return;
    }
    const agent = req.agent === undefined ? undefined : { sub: req.agent.sub, clientId: req.agent.clientId };
    const server = createServer({ transport: 'http', clientIp: req.ip, agent }, snapshotOf(req, ctx.content));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST, OPTIONS');
    jsonRpcError(res, 405, -32000, 'Method not allowed: this server is stateless, send JSON-RPC messages with POST.');
  });
  router.use(jsonRpcErrorHandler(ctx));
  return router;
}

function allowedHostnames(ctx: McpEndpointContext): string[] {
  const extra = ctx.config.allowedHosts.map((host) => {
    try {
      return new URL(`http://${host}`).hostname;
    } catch {
      return host;
    }
  });
  return [...new Set([...LOOPBACK_HOSTNAMES, new URL(ctx.publicBaseUrl).hostname, ...extra])];
}

interface OriginPolicy {
  readonly any: boolean;
  readonly origins: ReadonlySet<string>;
}

function allowedOriginPolicy(ctx: McpEndpointContext): OriginPolicy {
  const configured = ctx.config.allowedOrigins;
  return {
    any: configured.includes('*'),
    origins: new Set([new URL(ctx.publicBaseUrl).origin, ...configured.filter((origin) => origin !== '*').map((origin) => new URL(origin).origin)]),
  };
}

/**
 * A browser page may call /mcp only from an allowed origin: the public site, a loopback origin,
 * or one configured. Anything else is a 403 (MCP 2025-11-25), which stops a rebound DNS name from
 * reaching a local server. Requests without Origin (non-browser clients) pass.
 */
function originCheck(policy: OriginPolicy): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    if (policy.any || policy.origins.has(origin) || isLoopbackOrigin(origin)) {
      res.set({ 'Access-Control-Allow-Origin': origin, Vary: 'Origin', 'Access-Control-Expose-Headers': 'WWW-Authenticate, Mcp-Session-Id' });
      return next();
    }
    jsonRpcError(res, 403, -32000, `Origin ${origin} is not allowed to call this server.`);
  };
}

function jsonRpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** Body-parser failures become JSON-RPC errors, as MCP clients expect on this endpoint. */
function jsonRpcErrorHandler(ctx: McpContext) {
  return (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') return jsonRpcError(res, 413, -32600, `Request body too large: the limit is ${MCP_BODY_LIMIT}.`);
    if (type === 'entity.parse.failed') return jsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') return jsonRpcError(res, 415, -32600, 'Unsupported content encoding or charset.');
    ctx.logger.error({ err: error }, 'MCP request failed');
    jsonRpcError(res, 500, -32603, 'Internal error.');
  };
}
