/**
 * What the MCP semantic conventions record, read from the JSON-RPC messages themselves, so the
 * same reading serves both transports and both protocol revisions. Everything a client writes is
 * bounded before it can become a span name or a metric label: an unknown method is `_OTHER`, a
 * tool name must look like one, a protocol version like a date.
 */

/** The methods the conventions name, and those of MCP 2026-07-28 and the tasks extension. */
const KNOWN_METHODS: ReadonlySet<string> = new Set([
  'completion/complete',
  'elicitation/create',
  'initialize',
  'logging/setLevel',
  'notifications/cancelled',
  'notifications/initialized',
  'notifications/message',
  'notifications/progress',
  'notifications/roots/list_changed',
  'ping',
  'prompts/get',
  'prompts/list',
  'resources/list',
  'resources/read',
  'resources/subscribe',
  'resources/templates/list',
  'resources/unsubscribe',
  'server/discover',
  'subscriptions/listen',
  'tasks/cancel',
  'tasks/get',
  'tasks/list',
  'tasks/result',
  'tools/call',
  'tools/list',
]);

const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const VERSION = /^\d{4}-\d{2}-\d{2}$/;

/** One request or notification as the conventions describe it. */
export interface McpRequestFacts {
  /** `mcp.method.name` (`_OTHER` for a method outside the known list). */
  readonly method: string;
  /** `jsonrpc.request.id`; undefined for a notification. */
  readonly id?: string;
  /** `gen_ai.tool.name` of a tools/call. */
  readonly toolName?: string;
  /** `mcp.resource.uri` of a resources/read (spans only: it is not low-cardinality). */
  readonly resourceUri?: string;
  /** `mcp.protocol.version`: the 2026-07-28 envelope's, else what the transport knows. */
  readonly protocolVersion?: string;
  /** `params._meta`, where a client puts W3C `traceparent` and `tracestate`. */
  readonly traceCarrier?: Readonly<Record<string, unknown>>;
}

/** How a request ended, from its response. */
export interface McpOutcome {
  /** `error.type`: the JSON-RPC error code, `tool_error` for a tool result with isError, an HTTP status. */
  readonly errorType?: string;
  /** `rpc.response.status_code`: the JSON-RPC error code, when there is one. */
  readonly statusCode?: string;
  /** The JSON-RPC error message (the span status description). */
  readonly message?: string;
  /** The version an initialize result agreed on. */
  readonly protocolVersion?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A request's or notification's facts; undefined for anything else (a response, a batch, junk). */
export function requestFacts(message: unknown, knownVersion?: string): McpRequestFacts | undefined {
  if (!isObject(message) || typeof message.method !== 'string') return undefined;
  const method = KNOWN_METHODS.has(message.method) ? message.method : '_OTHER';
  const params = isObject(message.params) ? message.params : undefined;
  const meta = params && isObject(params._meta) ? params._meta : undefined;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? String(message.id) : undefined;
  const toolName = method === 'tools/call' && typeof params?.name === 'string' && TOOL_NAME.test(params.name) ? params.name : undefined;
  const resourceUri = method === 'resources/read' && typeof params?.uri === 'string' ? params.uri.slice(0, 512) : undefined;
  const claimed = meta?.[PROTOCOL_VERSION_META_KEY];
  const protocolVersion = typeof claimed === 'string' && VERSION.test(claimed) ? claimed : knownVersion !== undefined && VERSION.test(knownVersion) ? knownVersion : undefined;
  return {
    method,
    ...(id === undefined ? {} : { id }),
    ...(toolName === undefined ? {} : { toolName }),
    ...(resourceUri === undefined ? {} : { resourceUri }),
    ...(protocolVersion === undefined ? {} : { protocolVersion }),
    ...(meta === undefined ? {} : { traceCarrier: meta }),
  };
}

/** The id of a response (result or error), as `requestFacts` writes ids; undefined for anything else. */
export function responseId(message: unknown): string | undefined {
  if (!isObject(message) || 'method' in message || !('result' in message || 'error' in message)) return undefined;
  return typeof message.id === 'string' || typeof message.id === 'number' ? String(message.id) : undefined;
}

/** How a JSON-RPC response ended its request. */
export function responseOutcome(message: unknown): McpOutcome {
  if (!isObject(message)) return {};
  if (isObject(message.error)) {
    const code = typeof message.error.code === 'number' ? String(message.error.code) : '_OTHER';
    const text = typeof message.error.message === 'string' ? message.error.message.slice(0, 200) : undefined;
    return { errorType: code, statusCode: code, ...(text === undefined ? {} : { message: text }) };
  }
  if (!isObject(message.result)) return {};
  if (message.result.isError === true) return { errorType: 'tool_error' };
  const version = message.result.protocolVersion;
  return typeof version === 'string' && VERSION.test(version) ? { protocolVersion: version } : {};
}

/**
 * The outcome of a request answered over HTTP: the JSON-RPC response with its id in the body
 * (JSON, or the events of an SSE stream); without one, a failed HTTP status is the error.
 * A JSON body without `"error"`, `"isError":true` or `"protocolVersion"` (a key only: inside a
 * string, quotes are escaped) is a plain success and is not parsed.
 */
export function httpOutcome(status: number, contentType: string | undefined, body: Buffer, id: string | undefined, finished: boolean): McpOutcome {
  const failed: McpOutcome = !finished ? { errorType: 'aborted' } : status >= 400 ? { errorType: String(status) } : {};
  if (id === undefined || body.length === 0) return failed;
  const stream = contentType?.startsWith('text/event-stream') === true;
  if (!stream && status < 400 && !OUTCOME_KEYS.some((key) => body.includes(key))) return failed;
  const text = body.toString('utf8');
  const messages = stream ? eventData(text) : [parseJson(text)];
  const response = messages.find((message) => responseId(message) === id);
  return response === undefined ? failed : responseOutcome(response);
}

const OUTCOME_KEYS = ['"error"', '"isError":true', '"protocolVersion"'];

function eventData(stream: string): unknown[] {
  return stream
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => parseJson(line.slice(5).trim()));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
