// A minimal stateless MCP server written the 1.x SDK's documented way: for every POST a new
// McpServer and a new Streamable HTTP transport without sessions, one trivial tool.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import { z } from 'zod';

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const server = new McpServer({ name: 'minimal', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong', inputSchema: { text: z.string().optional() } }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    transport.close();
    server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
