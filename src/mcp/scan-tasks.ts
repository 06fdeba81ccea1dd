import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY, SERVER_INFO_META_KEY, type Implementation } from '@modelcontextprotocol/server';
import { scanAiVisibility } from '../../tools/scan-ai-visibility.js';
import { scanAnalytics } from '../../tools/scan-analytics.js';
import type { Caller, ToolDefinition } from '../../tools/tool.js';
import { isAppError } from '../errors.js';
import type { ContentSnapshot } from '../live/content-snapshot.js';
import type { ScanStatus } from '../scan/scan-service.js';
import { callTool, serverIdentity, type McpContext } from './mcp-server.js';
import { errorResult, successResult } from './tool-result.js';

/** The tasks extension (SEP-2663) as clients declare it in their capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** SEP-2575's "Missing Required Client Capability". */
const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

/** The tools whose calls can outlive one call, and so become tasks. */
const TASK_TOOLS: ReadonlyMap<string, ToolDefinition> = new Map([scanAnalytics, scanAiVisibility].map((tool) => [tool.name, tool as ToolDefinition]));

interface JsonRpcRequest {
  readonly jsonrpc: '2.0';
  readonly id: string | number;
  readonly method: string;
  readonly params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
}

export type JsonRpcAnswer =
  | { jsonrpc: '2.0'; id: string | number; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string; data?: unknown } };

/** Whether capabilities (from `initialize` or from a request's `_meta`) declare the tasks extension. */
export function declaresTasks(capabilities: unknown): boolean {
  const extensions = (capabilities as { extensions?: unknown } | null | undefined)?.extensions;
  return typeof extensions === 'object' && extensions !== null && TASKS_EXTENSION in extensions;
}

/** The capabilities a request carries in its own `_meta` (2026-07-28; also honoured on older revisions). */
function requestCapabilities(message: JsonRpcRequest): unknown {
  return message.params?._meta?.[CLIENT_CAPABILITIES_META_KEY];
}

function isRequest(message: unknown): message is JsonRpcRequest {
  const candidate = message as Partial<JsonRpcRequest> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.method === 'string' && (typeof candidate.id === 'string' || typeof candidate.id === 'number');
}

/**
 * Scans as tasks (SEP-2663), answered before the SDK sees the message: the v2 SDK 2.4.0 refuses
 * every `tasks/*` method (-32601) before looking for a handler, and validates a tools/call
 * result as a plain tool result, so a CreateTaskResult cannot pass through it.
 *
 * Only two messages are ours: `tasks/get`, and a call of a scan tool from a client that declared
 * the extension (in the request's `_meta`; over stdio also at `initialize`). Anything
 * else (undefined) goes to the SDK as before, so a client without the extension sees no change.
 * The task id is the scan id: the job already lives in the Store for 24 hours, shared by every
 * instance, so any instance can answer tasks/get. `tasks/result` and `tasks/list` were removed by
 * SEP-2663 (the result is inlined in tasks/get) and stay -32601; scans cannot be stopped, so
 * `tasks/cancel` and `tasks/update` are not offered either.
 */
export async function answerScanTask(
  message: unknown,
  ctx: McpContext,
  caller: Caller,
  snapshot: () => ContentSnapshot,
): Promise<JsonRpcAnswer | undefined> {
  const kind = scanTaskMessage(message);
  if (kind === undefined) return undefined;
  const content = snapshot();
  return stamped(kind.message, await answerLocally(kind, ctx, caller, content), serverIdentity(ctx.version, content));
}

async function answerLocally(kind: ScanTaskMessage, ctx: McpContext, caller: Caller, snapshot: ContentSnapshot): Promise<JsonRpcAnswer> {
  if (kind.type === 'refuse') return missingExtension(kind.message);
  if (kind.type === 'tasks/get') return getTask(kind.message, ctx);
  const { message: request, tool } = kind;
  const result = await callTool(tool, request.params?.arguments as Record<string, unknown> | undefined, ctx, snapshot, caller, false);
  const status = result.isError ? undefined : (result.structuredContent as ScanStatus | undefined);
  if (status?.status === 'running') {
    return { jsonrpc: '2.0', id: request.id, result: { resultType: 'task', ...taskOf(status, ctx) } };
  }
  // Finished within the call (SEP-2663's immediate-result shortcut), or refused: today's answer.
  return { jsonrpc: '2.0', id: request.id, result: { ...result } };
}

/**
 * The same two messages over stdio, where scans run on the site's own server: they are passed
 * on to it as they are, with the extension declared, and its answer comes back with our id.
 * `connectionDeclares`: the client declared the extension at `initialize`.
 */
export async function forwardScanTask(message: unknown, ctx: McpContext, connectionDeclares: boolean): Promise<JsonRpcAnswer | undefined> {
  const kind = scanTaskMessage(message, connectionDeclares);
  if (kind === undefined) return undefined;
  return stamped(kind.message, await answerRemotely(kind, ctx), serverIdentity(ctx.version, ctx.content.current()));
}

async function answerRemotely(kind: ScanTaskMessage, ctx: McpContext): Promise<JsonRpcAnswer> {
  if (kind.type === 'refuse') return missingExtension(kind.message);
  const { message: request } = kind;
  const { _meta: _ignored, ...params } = request.params ?? {};
  try {
    const answer = await ctx.remoteTools.forward(request.method, { ...params, _meta: { [CLIENT_CAPABILITIES_META_KEY]: { extensions: { [TASKS_EXTENSION]: {} } } } });
    if (answer.error) return { jsonrpc: '2.0', id: request.id, error: answer.error };
    return { jsonrpc: '2.0', id: request.id, result: answer.result ?? {} };
  } catch (error) {
    if (request.method === 'tools/call') return { jsonrpc: '2.0', id: request.id, result: { ...errorResult(error) } };
    return { jsonrpc: '2.0', id: request.id, error: { code: INTERNAL_ERROR, message: isAppError(error) ? error.message : 'The site\'s server could not be asked about this task; try again later.' } };
  }
}

/** Whether a message is one of ours (decided at once, so that stdio keeps every other message in order). */
export function isScanTaskMessage(message: unknown, connectionDeclares: boolean): boolean {
  return scanTaskMessage(message, connectionDeclares) !== undefined;
}

type ScanTaskMessage =
  | { readonly type: 'refuse'; readonly message: JsonRpcRequest }
  | { readonly type: 'tasks/get'; readonly message: JsonRpcRequest }
  | { readonly type: 'scan-call'; readonly message: JsonRpcRequest; readonly tool: ToolDefinition };

/** Which of our messages this is, if any; a client without the extension only ever gets 'refuse' (for tasks/get). */
function scanTaskMessage(message: unknown, connectionDeclares = false): ScanTaskMessage | undefined {
  if (!isRequest(message)) return undefined;
  const declared = connectionDeclares || declaresTasks(requestCapabilities(message));
  if (message.method === 'tasks/get') return declared ? { type: 'tasks/get', message } : { type: 'refuse', message };
  if (message.method !== 'tools/call' || !declared) return undefined;
  const tool = TASK_TOOLS.get(String(message.params?.name));
  // Malformed arguments: the SDK's own path answers them as today, and no scan starts.
  if (!tool || !tool.input.safeParse(message.params?.arguments ?? {}).success) return undefined;
  return { type: 'scan-call', message, tool };
}

async function getTask(message: JsonRpcRequest, ctx: McpContext): Promise<JsonRpcAnswer> {
  const taskId = message.params?.taskId;
  if (typeof taskId !== 'string' || taskId === '') {
    return { jsonrpc: '2.0', id: message.id, error: { code: INVALID_PARAMS, message: 'tasks/get needs params.taskId: the taskId a scan tool answered with.' } };
  }
  let status: ScanStatus;
  try {
    status = await ctx.scans.get(taskId);
  } catch (error) {
    if (isAppError(error) && error.code === 'not-found') {
      return {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: INVALID_PARAMS, message: `No task with id "${taskId}". Tasks are the scans of scan_analytics and scan_ai_visibility, kept for 24 hours; start a new scan.`, data: { taskId } },
      };
    }
    throw error;
  }
  const task = taskOf(status, ctx);
  // A scan that ended, well or not, is its tool's answer, exactly what get_scan_result gives:
  // SEP-2663 keeps a task's `failed` for protocol-level errors, and a site that could not be
  // scanned (or a scan a restart interrupted) is the tool's outcome, not the protocol's.
  if (status.status !== 'running') return { jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', ...task, result: successResult({ ...status }) } };
  return { jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', ...task } };
}

/** The Task fields of SEP-2663 for a scan: id, status, times, TTL and poll interval in milliseconds. */
function taskOf(status: ScanStatus, ctx: McpContext): Record<string, unknown> {
  const lastUpdated = status.result?.finished_at ?? new Date(ctx.clock.now()).toISOString();
  const taskStatus = status.status === 'running' ? 'working' : 'completed';
  return {
    taskId: status.scan_id,
    status: taskStatus,
    statusMessage: status.status === 'running' ? `Scanning ${status.url}: ${status.progress?.stage ?? 'running'}.` : status.status === 'done' ? (status.result?.summary ?? 'Scan finished.') : (status.error ?? 'The scan failed.'),
    createdAt: status.started_at,
    lastUpdatedAt: lastUpdated,
    ttlMs: ctx.scans.resultTtlMs,
    ...(status.poll_after_seconds === undefined ? {} : { pollIntervalMs: status.poll_after_seconds * 1000 }),
  };
}

/**
 * A 2026-07-28 result says what kind it is and who answered, as the SDK's own answers do (the
 * site's server answered a forwarded one at 2025-11-25); on older revisions a tool result has
 * neither, exactly as today.
 */
function stamped(message: JsonRpcRequest, answer: JsonRpcAnswer, server: Implementation): JsonRpcAnswer {
  const meta = message.params?._meta;
  const modern = typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_META_KEY in meta;
  if (!modern || !('result' in answer)) return answer;
  const { _meta: resultMeta, ...result } = answer.result as { _meta?: Record<string, unknown> };
  return { ...answer, result: { resultType: 'complete', ...result, _meta: { ...resultMeta, [SERVER_INFO_META_KEY]: server } } };
}

function missingExtension(message: JsonRpcRequest): JsonRpcAnswer {
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: MISSING_REQUIRED_CLIENT_CAPABILITY,
      message: `${message.method} needs the ${TASKS_EXTENSION} extension: declare it in the client capabilities (capabilities.extensions["${TASKS_EXTENSION}"]). Without it, follow a scan with get_scan_result.`,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    },
  };
}
