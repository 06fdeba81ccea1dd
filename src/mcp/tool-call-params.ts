import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type Implementation, type JSONRPCRequest, type Result, type ServerContext, type ServerOptions } from '@modelcontextprotocol/server';
import type { InsightsSink } from '../insights/events.js';
import { recordStdioMessage } from '../insights/http-edge.js';

/**
 * What is wrong with the `params` of a `tools/call`, in words a client developer can act on, or
 * undefined when they have the shape MCP defines (`{name: string, arguments?: object}`).
 * The SDK's own check answers the same cases with its validator's raw issue list.
 */
export function toolCallParamsProblem(params: unknown, toolNames: readonly string[]): string | undefined {
  const example = `{"name": "${toolNames[0] ?? 'tool_name'}", "arguments": {...}}`;
  if (params === undefined || params === null || typeof params !== 'object' || Array.isArray(params)) {
    return `tools/call needs params with the tool to call: ${example}; params.name is missing.`;
  }
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string') {
    return `params.name must be the name of a tool as a string (${name === undefined ? 'it is missing' : `got ${describe(name)}`}). Available tools: ${toolNames.join(', ')}.`;
  }
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
    return `params.arguments must be a JSON object of named arguments (got ${describe(args)}), e.g. ${example}; leave it out for a tool without arguments.`;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/**
 * The SDK's protocol engine with one change: a `tools/call` whose params have the wrong shape is
 * refused with -32602 and a readable message (`toolCallParamsProblem`) before the SDK's own
 * check, which would answer with a raw validator dump. `_wrapHandler` is the SDK's documented
 * hook for subclasses; it sees the request as it arrived, before any parsing copies it.
 */
export class SiteServer extends Server {
  readonly #toolNames: readonly string[];
  readonly #insights: InsightsSink | undefined;

  /** `toolNames` are named in the messages; `insights` count each message (over stdio, where no HTTP edge does). */
  constructor(info: Implementation, options: ServerOptions, toolNames: readonly string[], insights?: InsightsSink) {
    super(info, options);
    this.#toolNames = toolNames;
    this.#insights = insights;
  }

  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    // Called from the SDK's constructor too, before our fields exist: they are read only when a message comes.
    const inner = super._wrapHandler(method, handler);
    const wrapped = (request: JSONRPCRequest, ctx: ServerContext) => (this.#insights === undefined ? inner(request, ctx) : this.#counted(this.#insights, inner, request, ctx));
    if (method !== 'tools/call') return wrapped;
    return (request, ctx) => {
      const problem = toolCallParamsProblem(request.params, this.#toolNames);
      if (problem !== undefined) return Promise.reject(new ProtocolError(ProtocolErrorCode.InvalidParams, problem));
      return wrapped(request, ctx);
    };
  }

  async #counted(insights: InsightsSink, handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>, request: JSONRPCRequest, ctx: ServerContext): Promise<Result> {
    const started = performance.now();
    const client = () => this.getClientVersion()?.name ?? (request.params?._meta?.['io.modelcontextprotocol/clientInfo'] as { name?: string } | undefined)?.name;
    try {
      const result = await handler(request, ctx);
      recordStdioMessage(insights, request, { result: result as CallToolResult }, performance.now() - started, client());
      return result;
    } catch (error) {
      recordStdioMessage(insights, request, { failed: true }, performance.now() - started, client());
      throw error;
    }
  }
}
