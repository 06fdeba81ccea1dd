import { createMcpHandler, isLegacyRequest, PROTOCOL_VERSION_META_KEY, ProtocolError, validateHostHeader, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { bearerAuthentication, INVALID_TOKEN_DESCRIPTION } from '../auth/bearer.js';
import { UNAVAILABLE_RETRY_SECONDS } from '../auth/oauth-error.js';
import type { AgentAuth } from '../auth/agent-auth.js';
import { isLoopbackOrigin, LOOPBACK_HOSTNAMES } from '../web/loopback.js';
import { snapshotOf } from '../live/content-holder.js';
import { bodyFailure } from '../web/body-failure.js';
import { ALL_TOOLS } from '../../tools/index.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import type { Caller, ToolDefinition } from '../../tools/tool.js';
import { directAnswer, directToolCall } from './direct-tool-call.js';
import { callTool, createMcpServerFactory, serverIdentity, type McpContext, type McpServerFactory } from './mcp-server.js';
import { answerScanTask } from './scan-tasks.js';
import { sendWebResponse, webRequestOf } from './web-exchange.js';
import type { InsightsSink, RequestsInFlight } from '../insights/events.js';
import { noteMcpRequest } from '../insights/http-edge.js';

/** What the HTTP endpoint needs besides the MCP server's own context. */
export interface McpEndpointContext extends McpContext {
  /** Insights, with the HTTP edge's requests being answered (a request's note is refined here). */
  readonly insights?: (InsightsSink & { readonly requests?: RequestsInFlight }) | undefined;
  readonly publicBaseUrl: string;
  readonly auth: AgentAuth;
}

export interface McpEndpointOptions {
  /**
   * Plain tools/call requests are answered without the SDK's per-request server (see
   * direct-tool-call.ts); false sends them through the SDK too, as the test that holds the two
   * answers equal needs.
   */
  readonly directToolCalls?: boolean;
}

/** Requests are single JSON-RPC messages; 256 KB is far above any real one (the SDK allows 4 MB). */
export const MCP_BODY_LIMIT = '256kb';

/**
 * `POST /mcp`: stateless Streamable HTTP for MCP 2026-07-28 and for 2025-11-25 and older, on one
 * endpoint. Each request gets a new Server (sharing one across requests leaks responses between
 * clients, CVE-2026-25536) and no session id. A request that carries the 2026-07-28 `_meta`
 * envelope goes to the v2 SDK's `createMcpHandler` (server/discover, Mcp-Method and Mcp-Name
 * checks, per-request negotiation); any other is served the 2025 way, with JSON replies instead
 * of SSE. GET and DELETE answer 405: there is no stream to resume and no session to end. Host and
 * Origin are checked first (DNS-rebinding protection), then the bearer token if one was sent: the
 * caller's `agent` is who it identifies. All of this holds for both revisions.
 */
export function mcpEndpoint(ctx: McpEndpointContext, tools: readonly ToolDefinition[] = ALL_TOOLS, options: McpEndpointOptions = {}): express.Router {
  const createServer = createMcpServerFactory(ctx, tools);
  const toolsByName = new Map(options.directToolCalls === false ? [] : tools.map((tool) => [tool.name, tool]));
  const serve = bothRevisions(ctx, createServer);
  const router = express.Router();
  const originPolicy = allowedOriginPolicy(ctx);

  router.use(hostCheck(allowedHostnames(ctx)));
  router.use(originCheck(originPolicy));
  router.options('/', (_req, res) => {
    res.set({
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID',
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
  const observe: RequestHandler[] = [...(ctx.telemetry?.mcpHttp ?? [])]; // telemetry (docs/telemetry.md): none when off
  router.post('/', authentication, express.json({ limit: MCP_BODY_LIMIT, type: ['application/json', 'application/*+json'] }), ...observe, async (req, res) => {
    if (Array.isArray(req.body)) {
      jsonRpcError(res, 400, -32600, 'Batch requests are not supported (removed in MCP 2025-06-18): send one JSON-RPC message per request.');
      return;
    }
    const insight = noteMcpRequest(ctx.insights?.requests, req, req.body, req.headers['mcp-protocol-version']);
    const agent = req.agent === undefined ? undefined : { sub: req.agent.sub, clientId: req.agent.clientId };
    const caller: Caller = { transport: 'http', clientIp: req.ip, agent, insight };
    const snapshot = snapshotOf(req, ctx.content);
    const task = routingHeadersAgree(req) ? await answerScanTask(req.body, ctx, caller, () => snapshot) : undefined;
    if (task) {
      res.json(task);
      return;
    }
    // The request agents send most, answered in one step (the SDK's per-request server, transport
    // and web Request/Response cost several times the search itself); anything else goes on.
    const direct = directToolCall(req.headers, req.body, toolsByName);
    if (direct) {
      const result = await callTool(direct.tool, direct.args, ctx, snapshot, caller, false);
      res.status(200).setHeader('Content-Type', 'application/json');
      res.end(directAnswer(direct, result, serverIdentity(ctx.version, snapshot)));
      return;
    }
    const response = await serve(webRequestOf(req, res), req.body, caller, snapshot);
    await sendWebResponse(response, res);
  });
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST, OPTIONS');
    jsonRpcError(res, 405, -32000, 'Method not allowed: this server is stateless, send JSON-RPC messages with POST.');
  });
  router.use(jsonRpcErrorHandler(ctx));
  return router;
}

type WebRequest = globalThis.Request;

/** Who asked, and the content snapshot the request's answers come from. */
interface Exchange {
  readonly caller: Caller;
  readonly snapshot: ContentSnapshot;
}

/**
 * One exchange, either revision. The SDK's handler builds servers through a factory that only
 * sees the web Request, so the caller and the snapshot travel with the Request they were made for.
 */
function bothRevisions(ctx: McpContext, createServer: McpServerFactory): (request: WebRequest, body: unknown, caller: Caller, snapshot: ContentSnapshot) => Promise<globalThis.Response> {
  const exchanges = new WeakMap<WebRequest, Exchange>();
  const modern = createMcpHandler(({ requestInfo }) => {
    const exchange = requestInfo && exchanges.get(requestInfo);
    return exchange ? createServer(exchange.caller, exchange.snapshot) : createServer({ transport: 'http' });
  }, {
    legacy: 'reject',
    onerror: (error) => {
      // Refusals are the client's doing (headers that disagree with the body, a version we do not
      // speak): not worth more than a debug line. Anything else is ours.
      if (error instanceof ProtocolError || error.message.startsWith('Rejected ')) ctx.logger.debug({ err: error }, 'MCP request refused');
      else ctx.logger.error({ err: error }, 'MCP request failed');
    },
  });
  return async (request, body, caller, snapshot) => {
    // A body with an envelope claim is never legacy (the SDK's own rule), so only requests
    // without one need the SDK's classification here; the handler classifies again anyway.
    if (hasEnvelopeClaim(body) || !(await isLegacyRequest(request, body))) {
      exchanges.set(request, { caller, snapshot });
      return modern.fetch(request, { parsedBody: body });
    }
    const server = createServer(caller, snapshot);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body });
    } finally {
      void server.close(); // closes the transport too
    }
  };
}

/**
 * Whether the 2026-07-28 routing headers, where sent, name the body's method and tool. If they do
 * not, the message is left to the SDK, which refuses the mismatch as for any other method.
 */
function routingHeadersAgree(req: Request): boolean {
  const body = req.body as { method?: unknown; params?: { name?: unknown } } | null;
  const method = req.headers['mcp-method'];
  const name = req.headers['mcp-name'];
  if (method !== undefined && method !== body?.method) return false;
  return name === undefined || body?.method !== 'tools/call' || name === body.params?.name;
}

/** Whether a JSON-RPC message carries the 2026-07-28 `_meta` envelope's protocol version. */
function hasEnvelopeClaim(body: unknown): boolean {
  const meta = (body as { params?: { _meta?: unknown } } | null)?.params?._meta;
  return typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_META_KEY in meta;
}

/** Only requests for this server's own host names (DNS-rebinding protection), else 403. */
function hostCheck(allowed: string[]): RequestHandler {
  return (req, res, next) => {
    const host = validateHostHeader(req.headers.host, allowed);
    if (host.ok) return next();
    jsonRpcError(res, 403, -32000, host.message);
  };
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
    const failure = bodyFailure(error);
    if (failure?.status === 413) return jsonRpcError(res, 413, -32600, `Request body too large: the limit is ${MCP_BODY_LIMIT}.`);
    if (failure?.kind === 'malformed') return jsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
    if (failure !== undefined) return jsonRpcError(res, failure.status, -32600, failure.reason);
    ctx.logger.error({ err: error }, 'MCP request failed');
    jsonRpcError(res, 500, -32603, 'Internal error.');
  };
}
