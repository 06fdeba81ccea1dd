import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp, connectHttp2026, connectStdio2026, type ClientV2 } from '../helpers/mcp-client.js';
import { MINI_SITE } from '../helpers/paths.js';
import { rawRequest } from '../helpers/raw-http.js';

let server: RunningServer;
let base: string;
let modern: ClientV2;
let legacy: Client;

beforeAll(async () => {
  server = await startTestServer();
  base = server.ctx.content.current().urls.publicBaseUrl;
  [modern, legacy] = await Promise.all([connectHttp2026(server.url), connectHttp(server.url)]);
});
afterAll(async () => {
  await Promise.all([modern?.close(), legacy?.close()]);
  await server?.close();
});

const REVISION = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': REVISION,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: { id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string; data?: Record<string, unknown> } };
}

/** One 2026-07-28 request as the spec has clients send it: envelope in `_meta`, routing headers beside it. */
async function post2026(method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Answer> {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': REVISION,
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method, params: { ...params, _meta: ENVELOPE } }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

/** The same call as a 2025-11-25 client makes it. */
async function post2025(method: string, params: Record<string, unknown>): Promise<Answer['body']> {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method, params }),
  });
  return (await response.json()) as Answer['body'];
}

describe('MCP 2026-07-28 over HTTP with the v2 SDK client', () => {
  it('negotiates 2026-07-28 without initialize', () => {
    expect(modern.getProtocolEra()).toBe('modern');
  });

  it('lists the same tools, with the same schemas, as a 2025-11-25 client sees', async () => {
    const [now, before] = await Promise.all([modern.listTools(), legacy.listTools()]);
    expect(now.tools).toEqual(before.tools);
  });

  it.each([
    ['search_site', { query: 'audyt' }],
    ['get_page', { url: '/pl/kontakt/' }],
    ['list_services', { lang: 'en' }],
    ['get_contact', {}],
  ])('answers %s with the same content and structured content as for a 2025-11-25 client', async (name, args) => {
    const [now, before] = await Promise.all([modern.callTool({ name, arguments: args }), legacy.callTool({ name, arguments: args })]);
    expect(now.isError).toBeFalsy();
    expect(now.content).toEqual(before.content);
    expect(now.structuredContent).toEqual(before.structuredContent);
  });

  it('reads a resource', async () => {
    const { contents } = await modern.readResource({ uri: `${base}/pricing.md` });
    expect((contents[0] as { text: string }).text).toContain('3\u00a0900\u00a0zł');
  });

  it('answers an unknown resource with -32602 and the URI in data (SEP-2164)', async () => {
    const answer = await post2026('resources/read', { uri: `${base}/secret.txt` });
    expect(answer.body.error).toMatchObject({ code: -32602, data: { uri: `${base}/secret.txt` } });
  });
});

describe('2026-07-28 on the wire', () => {
  it('answers server/discover with the versions it speaks, its capabilities and who it is', async () => {
    const { status, body } = await post2026('server/discover');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      supportedVersions: [REVISION],
      capabilities: { tools: {}, resources: {} },
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'site-content-mcp', version: '1.1.0' } },
    });
    expect(body.result?.instructions).toContain('search_site');
  });

  it('lets shared caches keep the lists and documents, which hold no user data', async () => {
    for (const [method, params] of [['tools/list', {}], ['resources/list', {}], ['resources/read', { uri: `${base}/llms.txt` }], ['server/discover', {}]] as const) {
      const { body } = await post2026(method, params);
      expect(body.result, method).toMatchObject({ cacheScope: 'public', ttlMs: 60_000 });
    }
  });

  it('gives a tool result the 2025-11-25 bytes plus only resultType and the server identity', async () => {
    const args = { name: 'search_site', arguments: { query: 'analytics services' } };
    const [now, before] = await Promise.all([post2026('tools/call', args), post2025('tools/call', args)]);
    const { resultType, _meta, ...rest } = now.body.result ?? {};
    expect(resultType).toBe('complete');
    expect(_meta).toEqual({ 'io.modelcontextprotocol/serverInfo': expect.objectContaining({ name: 'site-content-mcp' }) });
    expect(JSON.stringify(rest)).toBe(JSON.stringify(before.result));
  });

  it('refuses a request whose Mcp-Method header names another method with 400 and -32020', async () => {
    const { status, body } = await post2026('tools/list', {}, { 'mcp-method': 'tools/call' });
    expect(status).toBe(400);
    expect(body.error?.code).toBe(-32020);
  });

  it('refuses a tools/call whose Mcp-Name header names another tool with 400 and -32020', async () => {
    const { status, body } = await post2026('tools/call', { name: 'search_site', arguments: { query: 'audyt' } }, { 'mcp-name': 'send_inquiry' });
    expect(status).toBe(400);
    expect(body.error?.code).toBe(-32020);
  });

  it('refuses a tools/call without the Mcp-Name header with 400', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': REVISION, 'mcp-method': 'tools/call' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_contact', arguments: {}, _meta: ENVELOPE } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer['body']).error?.code).toBe(-32020);
  });

  it('refuses a revision it does not speak with 400 and -32022, naming the ones it does', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer['body']).error).toMatchObject({ code: -32022, data: { supported: [REVISION], requested: '2099-01-01' } });
  });

  it('answers tools/call with arguments that are not an object with -32602 and a readable message', async () => {
    const { body } = await post2026('tools/call', { name: 'search_site', arguments: ['audyt'] });
    expect(body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/params\.arguments must be a JSON object/) });
  });

  it('answers an unknown tool with -32602 naming the tools there are', async () => {
    const { body } = await post2026('tools/call', { name: 'delete_site', arguments: {} });
    expect(body.error).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool "delete_site"') });
  });
});

describe('the HTTP guards hold for 2026-07-28 requests too', () => {
  it('refuses an unknown Host with 403', async () => {
    const response = await rawRequest(`${server.url}/mcp`, {
      method: 'POST',
      headers: { host: 'evil.example.com', 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': REVISION, 'mcp-method': 'server/discover' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: ENVELOPE } }),
    });
    expect(response.status).toBe(403);
  });

  it('refuses a foreign Origin with 403', async () => {
    expect((await post2026('server/discover', {}, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it("answers an invalid bearer token with 401 and exactly the contract's challenge", async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer not.a.token', 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': REVISION, 'mcp-method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ENVELOPE } }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="site:read", error="invalid_token", error_description="The access token is invalid or expired"`,
    );
  });
});

describe('MCP 2026-07-28 over stdio (the built CLI) with the v2 SDK client', () => {
  let client: ClientV2;

  beforeAll(async () => {
    client = await connectStdio2026([], { CONTENT_DIR: MINI_SITE });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates 2026-07-28', () => {
    expect(client.getProtocolEra()).toBe('modern');
  });

  it('lists the tools and runs the read tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['search_site', 'get_page', 'list_services', 'get_contact']));
    const page = await client.callTool({ name: 'get_page', arguments: { url: '/pl/kontakt/' } });
    expect(page.structuredContent).toMatchObject({ url: 'https://testowa.example/pl/kontakt/' });
    const search = await client.callTool({ name: 'search_site', arguments: { query: 'kontakt' } });
    expect(search.isError).toBeFalsy();
  });

  it('reads a resource', async () => {
    const { contents } = await client.readResource({ uri: 'https://testowa.example/pricing.md' });
    expect((contents[0] as { text: string }).text).toContain('3\u00a0900\u00a0zł');
  });
});
