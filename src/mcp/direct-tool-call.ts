import {
  classifyInboundRequest,
  isJsonContentType,
  SERVER_INFO_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type Implementation,
} from '@modelcontextprotocol/server';
import type { IncomingHttpHeaders } from 'node:http';
import type { ToolDefinition } from '../../tools/tool.js';

/** The only 2026 revision the SDK serves; a request claiming another is left to it to refuse. */
const MODERN_REVISION = '2026-07-28';
/** Versions the SDK's 2025-era transport accepts in the MCP-Protocol-Version header. */
const LEGACY_REVISIONS: ReadonlySet<string> = new Set(SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version < MODERN_REVISION));
const MESSAGE_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);

/** A tools/call the endpoint can answer itself, exactly as the SDK would. */
export interface DirectToolCall {
  readonly id: string | number;
  readonly tool: ToolDefinition;
  readonly args: Record<string, unknown> | undefined;
  /** `modern` answers carry the 2026-07-28 result fields. */
  readonly era: 'legacy' | 'modern';
}

/**
 * Recognises the one request an MCP endpoint serves most: a well-formed `tools/call` of a known
 * tool, with headers any SDK client sends, in either revision. Anything else (another method, an
 * unknown tool, params the SDK would refuse or act on such as `_meta.progressToken`, headers with
 * optional whitespace, a base64 `Mcp-Name`, an unsupported version) is undefined, and goes to the
 * SDK, which owns every error answer. Acceptance is deliberately narrow: a request taken here
 * must be one the SDK would accept and answer with the tool's result alone
 * (test/mcp/direct-tool-call.test.ts holds the two answers byte for byte equal).
 */
export function directToolCall(headers: IncomingHttpHeaders, body: unknown, toolsByName: ReadonlyMap<string, ToolDefinition>): DirectToolCall | undefined {
  if (!isPlainObject(body) || body.method !== 'tools/call' || body.jsonrpc !== '2.0') return undefined;
  if (!Object.keys(body).every((key) => MESSAGE_KEYS.has(key))) return undefined;
  const { id, params } = body;
  if (!(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
  if (!isPlainObject(params) || typeof params.name !== 'string') return undefined;
  const tool = toolsByName.get(params.name);
  const args = params.arguments;
  if (tool === undefined || !(args === undefined || isPlainObject(args))) return undefined;
  if (!acceptsBoth(headers.accept) || !isJsonContentType(headers['content-type'] ?? null)) return undefined;

  const version = sentOnceAtMost(headers['mcp-protocol-version']);
  const methodHeader = sentOnceAtMost(headers['mcp-method']);
  const nameHeader = sentOnceAtMost(headers['mcp-name']);
  if (version === null || methodHeader === null || nameHeader === null) return undefined;
  const route = classifyInboundRequest({ httpMethod: 'POST', body, protocolVersionHeader: version, mcpMethodHeader: methodHeader, mcpNameHeader: nameHeader });
  const call = { id: id as string | number, tool, args: args as Record<string, unknown> | undefined };

  if (route.kind === 'legacy') {
    // No envelope: the 2025 way. Only the name and the arguments, so the SDK has nothing else to act on.
    const plainParams = Object.keys(params).every((key) => key === 'name' || key === 'arguments');
    const versionAccepted = version === undefined || LEGACY_REVISIONS.has(version);
    return route.reason === 'no-claim' && plainParams && versionAccepted && methodHeader === undefined && nameHeader === undefined ? { ...call, era: 'legacy' } : undefined;
  }
  if (route.kind !== 'modern' || route.classification.revision !== MODERN_REVISION) return undefined;
  // The SDK's classification checked the envelope and the version and method headers against the
  // body; what it leaves to the next step is checked here as strictly: every routing header sent,
  // exactly as the body says, and nothing in `_meta` beyond the envelope.
  const meta = params._meta as Record<string, unknown>;
  const plainParams = Object.keys(params).every((key) => key === 'name' || key === 'arguments' || key === '_meta');
  const envelopeOnly = Object.keys(meta).every((key) => key.startsWith('io.modelcontextprotocol/') && ENVELOPE_KEYS.has(key));
  const headersExact = version === MODERN_REVISION && methodHeader === 'tools/call' && nameHeader === tool.name;
  return plainParams && envelopeOnly && headersExact && noExtensionsDeclared(meta) ? { ...call, era: 'modern' } : undefined;
}

const ENVELOPE_KEYS: ReadonlySet<string> = new Set([
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientInfo',
  'io.modelcontextprotocol/clientCapabilities',
]);

/** The JSON-RPC answer, serialised as the SDK serialises it for each revision. */
export function directAnswer(call: DirectToolCall, result: CallToolResult, server: Implementation): string {
  const wireResult = call.era === 'modern' ? { ...result, resultType: 'complete', _meta: { [SERVER_INFO_META_KEY]: server } } : result;
  return JSON.stringify({ result: wireResult, jsonrpc: '2.0', id: call.id });
}

/** Extensions (tasks, say) change how a call may be answered: those calls stay with the SDK and scan-tasks.ts. */
function noExtensionsDeclared(meta: Record<string, unknown>): boolean {
  const capabilities = meta['io.modelcontextprotocol/clientCapabilities'];
  return isPlainObject(capabilities) && capabilities.extensions === undefined && capabilities.tasks === undefined;
}

/** The SDK's own test: both media types named somewhere in Accept. */
function acceptsBoth(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('application/json') && accept.includes('text/event-stream');
}

/** The header's value, or null when it was sent more than once (Node joins such values with commas): that is left to the SDK. */
function sentOnceAtMost(value: string | string[] | undefined): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && !value.includes(',') ? value : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
