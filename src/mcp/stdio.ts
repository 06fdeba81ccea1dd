import { serveStdio as serveStdioEntry, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { createMcpServerFactory, type McpContext } from './mcp-server.js';
import { declaresTasks, forwardScanTask, isScanTaskMessage } from './scan-tasks.js';

/**
 * Serves MCP over stdin/stdout until the client closes its end, in whichever revision the client
 * opens with: `initialize` (2025-11-25 and older) or a 2026-07-28 request or server/discover probe
 * (the v2 SDK's `serveStdio` decides and keeps the connection on it). Only protocol messages go
 * to stdout; logs go to stderr. Resolves when the session is over, so the caller can exit cleanly.
 */
export async function serveStdio(ctx: McpContext, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<void> {
  const createServer = createMcpServerFactory(ctx);
  const transport = new StdioServerTransport(input as never, output as never);
  const closed = new Promise<void>((resolve) => {
    const handle = serveStdioEntry(() => createServer({ transport: 'stdio' }), {
      transport,
      onerror: (error) => ctx.logger.debug({ err: error }, 'MCP message refused'),
    });
    interceptScanTasks(transport, ctx);
    ctx.telemetry?.observeStdio(transport); // after every other wrapper, so it sees each message first
    const end = () => void handle.close().finally(resolve);
    // The SDK transport does not watch for end of input; a desktop client closing the pipe means
    // the session is over.
    input.once('end', end);
    // Nor for the client closing our stdout: writing to it then fails with EPIPE, which would
    // otherwise crash the process with a stack trace instead of ending the session quietly.
    output.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') ctx.logger.error({ err: error }, 'stdout failed');
      end();
    });
  });
  ctx.logger.info('serving MCP over stdio');
  await closed;
}

/**
 * Scans as tasks over stdio (SEP-2663): the SDK refuses tasks/* and task results, so the scan
 * calls and tasks/get of a client that declared the extension (at `initialize`, or on the
 * request) are answered here, by the site's own server, where scans run. Every other message
 * goes to the SDK at once and in order.
 */
function interceptScanTasks(transport: StdioServerTransport, ctx: McpContext): void {
  const toSdk = transport.onmessage;
  if (!toSdk) return;
  let connectionDeclares = false;
  transport.onmessage = (message: JSONRPCMessage, ...rest: unknown[]) => {
    const request = message as { method?: string; params?: { capabilities?: unknown } };
    if (request.method === 'initialize') connectionDeclares = declaresTasks(request.params?.capabilities);
    if (!isScanTaskMessage(message, connectionDeclares)) return (toSdk as (...args: unknown[]) => void)(message, ...rest);
    void forwardScanTask(message, ctx, connectionDeclares)
      .then((answer) => (answer ? transport.send(answer as JSONRPCMessage) : undefined))
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'scan task not answered'));
  };
}
