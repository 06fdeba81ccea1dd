import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServerFactory, type McpContext } from './mcp-server.js';

/**
 * Serves MCP over stdin/stdout until the client closes its end. Only protocol messages go to
 * stdout; logs go to stderr. Resolves when the session is over, so the caller can exit cleanly.
 */
export async function serveStdio(ctx: McpContext, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<void> {
  const server = createMcpServerFactory(ctx)({ transport: 'stdio' });
  const transport = new StdioServerTransport(input as never, output as never);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // The SDK transport does not watch for end of input; a desktop client closing the pipe means
  // the session is over.
  input.once('end', () => void server.close());
  // Nor for the client closing our stdout: writing to it then fails with EPIPE, which would
  // otherwise crash the process with a stack trace instead of ending the session quietly.
  output.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') ctx.logger.error({ err: error }, 'stdout failed');
    void server.close();
  });
  await server.connect(transport);
  ctx.logger.info('serving MCP over stdio');
  await closed;
}
