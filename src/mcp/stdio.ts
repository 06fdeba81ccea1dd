import { serveStdio as serveStdioEntry, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createMcpServerFactory, type McpContext } from './mcp-server.js';

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
