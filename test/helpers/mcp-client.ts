import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as StreamableHTTPClientTransportV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { BUILT_CLI } from './paths.js';

export { ClientV2 };

/** The 1.x SDK's client over Streamable HTTP (MCP 2025-11-25), as remote MCP clients connect today. */
export async function connectHttp(baseUrl: string, init?: RequestInit): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), init ? { requestInit: init } : undefined));
  return client;
}

/** The 1.x SDK's client launching the built CLI over stdio (MCP 2025-11-25), as desktop assistants do. */
export async function connectStdio(args: string[] = [], env: Record<string, string> = {}): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_CLI, ...args],
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** The v2 SDK's client speaking MCP 2026-07-28 only (no initialize; `_meta` on every request) over Streamable HTTP. */
export async function connectHttp2026(baseUrl: string): Promise<ClientV2> {
  const client = new ClientV2({ name: 'test-client-v2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransportV2(new URL('/mcp', baseUrl)));
  return client;
}

/** The v2 SDK's client speaking MCP 2026-07-28 to the built CLI over stdio. */
export async function connectStdio2026(args: string[] = [], env: Record<string, string> = {}): Promise<ClientV2> {
  const transport = new StdioClientTransportV2({
    command: process.execPath,
    args: [BUILT_CLI, ...args],
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stderr: 'pipe',
  });
  const client = new ClientV2({ name: 'test-client-v2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(transport);
  return client;
}
