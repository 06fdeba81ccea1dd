import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type CacheHint,
  type CallToolResult,
  type Implementation,
  type ListResourcesResult,
  type ListToolsResult,
  type ServerContext,
  type StandardSchemaV1,
  type Tool,
} from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import * as z from 'zod';
import { ALL_TOOLS, FORWARDED_OVER_STDIO } from '../../tools/index.js';
import { toolContext, type Caller, type ToolDefinition, type ToolServices } from '../../tools/tool.js';
import { contactOptionsText } from '../content/contact-text.js';
import { LANGS, type Lang } from '../content/schema.js';
import { isAppError } from '../errors.js';
import { perSnapshot, type ContentHolder } from '../live/content-holder.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { declaresApps, readView, viewResources, withViewMeta, withViews } from './app-views.js';
import type { RemoteTools } from './remote-tools.js';
import { serverInstructions } from './instructions.js';
import { SiteServer } from './tool-call-params.js';
import { errorResult, invalidArgumentsResult, successResult } from './tool-result.js';
import { noteToolResult } from '../insights/http-edge.js';

/**
 * The lists, the documents and the server's self-description are the same for every caller
 * (no user data), so on 2026-07-28 shared caches may keep them for a minute.
 */
const PUBLIC_FOR_A_MINUTE: CacheHint = { ttlMs: 60_000, cacheScope: 'public' };
const CACHE_HINTS = {
  'tools/list': PUBLIC_FOR_A_MINUTE,
  'resources/list': PUBLIC_FOR_A_MINUTE,
  'resources/templates/list': PUBLIC_FOR_A_MINUTE,
  'resources/read': PUBLIC_FOR_A_MINUTE,
  'server/discover': PUBLIC_FOR_A_MINUTE,
};

/** Scans become tasks for clients that declare the extension (answered in scan-tasks.ts, before the SDK). */
const TASKS_CAPABILITY = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

/**
 * The params of a tools/call exactly as they came. The SDK's parsed copy drops an argument
 * named `__proto__`, which our strict input schemas must see to refuse it; the shape of the
 * params is checked before this runs (SiteServer).
 */
const RAW_PARAMS: StandardSchemaV1<unknown, { name: string; arguments?: Record<string, unknown> }> = {
  '~standard': { version: 1, vendor: 'site-content-mcp', validate: (value) => ({ value: value as { name: string; arguments?: Record<string, unknown> } }) },
};

/**
 * What the MCP server needs: the tools' services, the content and the forwarding client (the
 * application context has all of it).
 */
export interface McpContext extends ToolServices {
  readonly version: string;
  readonly content: ContentHolder;
  readonly remoteTools: Pick<RemoteTools, 'call' | 'forward'>;
  /** Spans and durations of MCP messages (docs/telemetry.md); absent or empty when off. */
  readonly telemetry?: Pick<Telemetry, 'mcpHttp' | 'observeStdio'>;
}

/**
 * A Server for one caller. Over HTTP the request's snapshot is given, and every answer of that
 * request comes from it; over stdio (one long-lived Server) each message takes the current one.
 */
export type McpServerFactory = (caller: Caller, snapshot?: ContentSnapshot) => SiteServer;

/** What the resource list and the instructions are made of, built once per snapshot. */
interface McpContentView {
  readonly listResources: ListResourcesResult;
  readonly documentsByUri: ReadonlyMap<string, ContentSnapshot['documents'][number]>;
  readonly instructions: string;
}

/**
 * Builds, once, everything about the MCP server that does not depend on the request (tool list
 * with its JSON Schemas, one schema validator; the resource list and instructions once per
 * content snapshot) and returns a factory
 * for per-connection servers. Over HTTP every request gets its own Server (stateless, and
 * sharing one across requests would leak responses between clients); over stdio there is one.
 *
 * We use the SDK's protocol engine (`Server`, v2) with our own tool registry instead of
 * `McpServer`: our tools are data (tools/), their JSON Schemas are computed once instead of on
 * every tools/list, argument errors name the field in plain words, unknown tools get the
 * spec's -32602, and we do not advertise `listChanged`, which a stateless server cannot honour.
 * The v2 SDK does the rest of both revisions: initialize for 2025-11-25 and older,
 * server/discover, the per-request `_meta` envelope, `resultType` and cache fields for 2026-07-28.
 */
export function createMcpServerFactory(
  ctx: McpContext,
  tools: readonly ToolDefinition[] = ALL_TOOLS,
  forwardedOverStdio: ReadonlySet<string> = FORWARDED_OVER_STDIO,
): McpServerFactory {
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  const listTools: ListToolsResult = { tools: tools.map(describeTool) };
  // Clients that declare MCP Apps see each tool's view; every other client, the list above as it is.
  const listToolsWithViews = withViews(listTools);
  const contentView = perSnapshot((snapshot): McpContentView => ({
    listResources: {
      resources: snapshot.documents.map((document) => ({
        uri: snapshot.urls.absolute(document.path),
        name: document.name,
        title: document.title,
        description: document.description,
        mimeType: document.mimeType,
        size: Buffer.byteLength(document.text),
      })),
    },
    documentsByUri: new Map(snapshot.documents.map((document) => [snapshot.urls.absolute(document.path), document])),
    instructions: serverInstructions(snapshot.site),
  }));
  // The SDK builds a validator per Server unless given one; it is only used for elicitation,
  // which we never request, so one shared instance saves that cost on every HTTP request. The
  // SDK's small validator rather than Ajv: Ajv would cost every start ~270 KB of code to compile.
  const jsonSchemaValidator = new CfWorkerJsonSchemaValidator();
  const toolNames = [...toolsByName.keys()];

  return (caller, fixed) => {
    const snapshotNow = () => fixed ?? ctx.content.current();
    const first = snapshotNow();
    const server = new SiteServer(
      serverIdentity(ctx.version, first),
      { capabilities: { tools: {}, resources: {}, ...TASKS_CAPABILITY }, instructions: contentView(first).instructions, jsonSchemaValidator, cacheHints: CACHE_HINTS },
      toolNames,
      caller.transport === 'stdio' ? ctx.insights : undefined,
    );
    const apps = (request: { params?: unknown }, context: ServerContext) => declaresApps(requestCapabilities(server, request, context));
    server.setRequestHandler('tools/list', (request, context) => (apps(request, context) ? listToolsWithViews : listTools));
    server.setRequestHandler('tools/call', { params: RAW_PARAMS }, async (params, context) => {
      const tool = toolsByName.get(params.name);
      if (!tool) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool "${params.name}". Available tools: ${toolNames.join(', ')}.`);
      }
      const forward = caller.transport === 'stdio' && forwardedOverStdio.has(tool.name);
      const snapshot = snapshotNow();
      const result = await callTool(tool, params.arguments, ctx, snapshot, caller, forward);
      return apps({ params }, context) ? withViewMeta(tool.name, result, snapshot) : result;
    });
    server.setRequestHandler('resources/list', (request, context) => {
      const snapshot = snapshotNow();
      const list = contentView(snapshot).listResources;
      return apps(request, context) ? { resources: [...list.resources, ...viewResources(snapshot)] } : list;
    });
    server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
    server.setRequestHandler('resources/read', async (request) => {
      const view = await readView(request.params.uri, snapshotNow());
      if (view !== undefined) return view;
      const document = contentView(snapshotNow()).documentsByUri.get(request.params.uri);
      // -32602 with the URI in data on every revision (SEP-2164; the SDK maps -32002 to it anyway).
      if (!document) throw new ResourceNotFoundError(request.params.uri, `Resource not found: ${request.params.uri}. Use resources/list to see the available resources.`);
      return { contents: [{ uri: request.params.uri, mimeType: document.mimeType, text: document.text }] };
    });
    return server;
  };
}

/**
 * The client's capabilities as this request knows them: on 2026-07-28 its own `_meta` envelope;
 * on older revisions `initialize`'s (a stdio connection keeps them), or the same `_meta` key if the
 * request carries it (a stateless HTTP request never saw the initialize).
 */
function requestCapabilities(server: SiteServer, request: { params?: unknown }, context: ServerContext): unknown {
  const ownMeta = (request.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  const envelope = context.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? ownMeta?.[CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities();
}

/** Who this server is, as initialize and every 2026-07-28 result say. */
export function serverIdentity(version: string, snapshot: ContentSnapshot): Implementation {
  return { name: 'site-content-mcp', title: `${snapshot.site.info.company}: website`, version, websiteUrl: snapshot.urls.publicBaseUrl };
}

/** One tools/call as the server answers it (also used by the scan tasks, which answer outside the SDK). */
export async function callTool(
  tool: ToolDefinition,
  args: Record<string, unknown> | undefined,
  ctx: McpContext,
  snapshot: ContentSnapshot,
  caller: Caller,
  forward: boolean,
): Promise<CallToolResult> {
  const result = await runTool(tool, args, ctx, snapshot, caller, forward);
  if (caller.insight !== undefined) noteToolResult(caller.insight, tool.name, result);
  return result;
}

async function runTool(tool: ToolDefinition, args: Record<string, unknown> | undefined, ctx: McpContext, snapshot: ContentSnapshot, caller: Caller, forward: boolean): Promise<CallToolResult> {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) return invalidArgumentsResult(tool.name, parsed.error.issues);
  if (forward) return forwardToRemote(tool.name, args ?? {}, ctx, snapshot);
  try {
    const context = toolContext(ctx, snapshot, caller);
    const output = await tool.run(parsed.data, context);
    return successResult(output, tool.text?.(output, context));
  } catch (error) {
    if (!isAppError(error)) {
      ctx.logger.error({ err: error, tool: tool.name }, 'tool failed unexpectedly');
    }
    return errorResult(error);
  }
}

/** The remote answer as it came; if the remote cannot be reached, an error with the contact options. */
async function forwardToRemote(name: string, args: Record<string, unknown>, ctx: McpContext, snapshot: ContentSnapshot): Promise<CallToolResult> {
  try {
    return await ctx.remoteTools.call(name, args);
  } catch (error) {
    const lang = LANGS.find((candidate) => candidate === args.lang) as Lang | undefined;
    const contact = contactOptionsText(snapshot.site, snapshot.urls, lang);
    if (isAppError(error)) return errorResult(error, contact);
    ctx.logger.error({ err: error, tool: name }, 'forwarding failed unexpectedly');
    return errorResult(error);
  }
}

function describeTool(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, 'input') as Tool['inputSchema'],
    outputSchema: jsonSchema(tool.output, 'output') as Tool['outputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
  };
}

/** JSON Schema 2020-12 (the MCP 2025-11-25 default); the `$schema` key is dropped as clients need no dialect hint. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'throw' }) as Record<string, unknown>;
  return rest;
}
