import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp, connectHttp2026, type ClientV2 } from '../helpers/mcp-client.js';

/**
 * Discovery before connecting, as the SEP-2127 draft (experimental-ext-server-card at 8924e08)
 * asks: the AI Catalog at /.well-known/ai-catalog.json names the Server Card, hosted at
 * <streamable-http-url>/server-card, with its media type, CORS, caching and ETag revalidation.
 */
let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(async () => {
  await server?.close();
});

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
};

interface Card {
  $schema: string;
  name: string;
  version: string;
  description: string;
  title: string;
  websiteUrl: string;
  remotes: { type: string; url: string; supportedProtocolVersions: string[] }[];
}

describe('the AI Catalog', () => {
  it('is served at /.well-known/ai-catalog.json as application/ai-catalog+json, with one entry: the Server Card by URL', async () => {
    const response = await fetch(`${server.url}/.well-known/ai-catalog.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/ai-catalog+json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      specVersion: '1.0',
      entries: [{ identifier: `urn:air:${new URL(base).hostname}:mcp:site-content-mcp`, type: 'application/mcp-server-card+json', url: `${base}/mcp/server-card` }],
    });
  });
});

describe('the Server Card', () => {
  it('is served at /mcp/server-card as application/mcp-server-card+json, with the CORS and caching headers the draft asks for', async () => {
    const response = await fetch(`${server.url}/mcp/server-card`, { headers: { accept: 'application/mcp-server-card+json' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    for (const [name, value] of Object.entries(CORS)) expect(response.headers.get(name), name).toBe(value);
  });

  it('answers 304 to a request that names its ETag', async () => {
    const etag = (await fetch(`${server.url}/mcp/server-card`)).headers.get('etag')!;
    const again = await fetch(`${server.url}/mcp/server-card`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('access-control-expose-headers')).toBe('ETag');
  });

  it('answers a browser\'s preflight (If-None-Match is not a simple header)', async () => {
    const preflight = await fetch(`${server.url}/mcp/server-card`, {
      method: 'OPTIONS',
      headers: { origin: 'https://client.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(preflight.status).toBe(204);
    for (const [name, value] of Object.entries(CORS)) expect(preflight.headers.get(name), name).toBe(value);
  });

  it('says what the server says once connected: name, version, title, the /mcp remote and every revision it speaks', async () => {
    const card = (await (await fetch(`${server.url}/mcp/server-card`)).json()) as Card;
    const legacy = await connectHttp(server.url);
    let modern: ClientV2 | undefined;
    try {
      const info = legacy.getServerVersion()!;
      modern = await connectHttp2026(server.url);
      expect(card).toEqual({
        $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
        name: `${new URL(base).hostname.split('.').reverse().join('.')}/${info.name}`,
        version: info.version,
        description: expect.any(String),
        title: info.title,
        websiteUrl: base,
        remotes: [{ type: 'streamable-http', url: `${base}/mcp`, supportedProtocolVersions: expect.arrayContaining(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26']) }],
      });
      expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
      expect(card.description.length).toBeLessThanOrEqual(100);
    } finally {
      await legacy.close();
      await modern?.close();
    }
  });

  it('leaves the MCP endpoint as it was: GET /mcp is still 405', async () => {
    expect((await fetch(`${server.url}/mcp`)).status).toBe(405);
  });
});
