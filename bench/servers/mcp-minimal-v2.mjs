// A minimal MCP server written the v2 SDK's documented way (docs/serving/express.md): one
// createMcpHandler whose factory builds a new McpServer with one trivial tool for every request,
// mounted on Express with express.json() and toNodeHandler. It serves 2026-07-28 and, through the
// SDK's stateless fallback, 2025-11-25.
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import express from 'express';
import { z } from 'zod';

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'minimal', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong', inputSchema: z.object({ text: z.string().optional() }) }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
});
const node = toNodeHandler(handler);
const app = express();
app.use(express.json());
app.all('/mcp', (req, res) => void node(req, res, req.body));
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
