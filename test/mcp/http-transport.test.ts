import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { rawRequest } from '../helpers/raw-http.js';

let server: RunningServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  client = await connectHttp(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

const ACCEPT = 'application/json, text/event-stream';

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('POST /mcp (stateless Streamable HTTP)', () => {
  it('initializes with the server name, version, instructions and tools and resources capabilities', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'site-content-mcp', version: '1.1.0' });
    expect(client.getServerCapabilities()).toEqual({ tools: {}, resources: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } });
    expect(client.getInstructions()).toContain('State a price only together with its unit (where it has one) and its pricing_page URL');
  });

  it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])('echoes the supported protocol version %s', async (version) => {
    const response = await post(initialize(version));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { result: { protocolVersion: string } };
    expect(body.result.protocolVersion).toBe(version);
  });

  it('answers an unknown future protocol version with its latest one', async () => {
    const body = (await (await post(initialize('2099-01-01'))).json()) as { result: { protocolVersion: string } };
    expect(body.result.protocolVersion).toBe('2025-11-25');
  });

  it('keeps no session: no session id header is sent', async () => {
    const response = await post(initialize('2025-11-25'));
    expect(response.headers.get('mcp-session-id')).toBeNull();
  });

  it('accepts a notification with 202 and no body', async () => {
    const response = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('answers a request without initialize first, as stateless clients send them', async () => {
    const response = await post({ jsonrpc: '2.0', id: 7, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' });
    const body = (await response.json()) as { id: number; result: { tools: unknown[] } };
    expect(body.id).toBe(7);
    expect(body.result.tools.length).toBeGreaterThan(0);
  });

  it('gives each of two concurrent requests with the same id its own answer', async () => {
    const call = (query: string) => post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { query } } }, { 'mcp-protocol-version': '2025-11-25' });
    const [a, b] = await Promise.all([call('audyt'), call('analytics services')]);
    const first = (await a.json()) as { result: { structuredContent: { query: string } } };
    const second = (await b.json()) as { result: { structuredContent: { query: string } } };
    expect([first.result.structuredContent.query, second.result.structuredContent.query]).toEqual(['audyt', 'analytics services']);
  });

  it('refuses an unsupported MCP-Protocol-Version header with 400', async () => {
    const response = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '1999-01-01' });
    expect(response.status).toBe(400);
  });

  it('refuses a body that is not JSON with a parse error', async () => {
    const response = await post('{"jsonrpc":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
  });

  it('refuses JSON-RPC batches, which MCP removed in 2025-06-18', async () => {
    const response = await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32600, message: expect.stringContaining('Batch requests are not supported') } });
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await post({ jsonrpc: '2.0', id: 1, method: 'ping', params: { padding: 'x'.repeat(300_000) } });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: -32600 } });
  });

  it('refuses a non-JSON content type with 415', async () => {
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'text/plain', accept: ACCEPT }, body: 'ping' });
    expect(response.status).toBe(415);
  });

  it('refuses a client that does not accept both JSON and event streams with 406', async () => {
    const response = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'application/json' });
    expect(response.status).toBe(406);
  });

  it.each(['GET', 'DELETE', 'PUT'])('answers %s with 405 and Allow: POST', async (method) => {
    const response = await fetch(`${server.url}/mcp`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('POST');
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
  });
});

describe('DNS-rebinding protection and CORS on /mcp', () => {
  it('refuses an unknown Host with 403', async () => {
    const response = await rawRequest(`${server.url}/mcp`, {
      method: 'POST',
      headers: { host: 'evil.example.com', 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify(initialize('2025-11-25')),
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ error: { message: 'Invalid Host: evil.example.com' } });
  });

  it('refuses a foreign Origin with 403', async () => {
    const response = await post(initialize('2025-11-25'), { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { message: 'Origin https://evil.example is not allowed to call this server.' }, id: null });
  });

  it('lets a loopback origin call and tells the browser so', async () => {
    const response = await post(initialize('2025-11-25'), { origin: 'http://localhost:6274' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
  });

  it('answers a CORS preflight from an allowed origin', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('MCP-Protocol-Version');
  });

  it('accepts the hosts and origins given in configuration', async () => {
    const deployed = await startTestServer(undefined, ['--allowed-hosts', 'agents.example.com', '--allowed-origins', 'https://app.example.com']);
    try {
      const response = await rawRequest(`${deployed.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: ACCEPT, host: 'agents.example.com', origin: 'https://app.example.com' },
        body: JSON.stringify(initialize('2025-11-25')),
      });
      expect(response.status).toBe(200);
    } finally {
      await deployed.close();
    }
  });
});
