import type { AddressInfo } from 'node:net';
import express from 'express';
import http from 'node:http';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineTool, READ_ONLY_LOCAL, type Caller } from '../../tools/tool.js';
import type { RunningServer } from '../../src/http/serve.js';
import { mcpEndpoint } from '../../src/mcp/http-endpoint.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { authorizationCode, postForm, registerAgent, type Registration } from '../helpers/oauth.js';

let server: RunningServer;
let base: string;
let agent: Registration;
const clock = new FixedClock();

beforeAll(async () => {
  server = await startTestServer(MINI_SITE, [], { clock });
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(() => server?.close());
beforeEach(async () => {
  clock.advance(61_000);
  agent = await registerAgent(base);
});

const CHALLENGE = (metadata: string) =>
  `Bearer resource_metadata="${metadata}", scope="site:read", error="invalid_token", error_description="The access token is invalid or expired"`;

function callTool(headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { query: 'audyt' } } }),
  });
}
const identity = (headers: Record<string, string> = {}, path = '/agent/identity') => fetch(`${base}${path}`, { headers });

describe('/mcp with and without a bearer token', () => {
  it('serves a request without a token (anonymous, never rejected for lack of one)', async () => {
    expect((await callTool()).status).toBe(200);
  });

  it('serves a request with a valid access token', async () => {
    const response = await callTool({ authorization: `Bearer ${agent.credential}` });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { isError?: boolean } }).result.isError).toBeUndefined();
  });

  it('accepts the token from the jwt-bearer exchange and from the code flow', async () => {
    const exchanged = (await (await postForm(`${base}/oauth/token/`, { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: agent.identity_assertion, resource: `${base}/mcp` })).json()) as { access_token: string };
    expect((await callTool({ authorization: `Bearer ${exchanged.access_token}` })).status).toBe(200);
    const flow = await authorizationCode(base);
    const tokens = (await (await postForm(`${base}/oauth/token/`, { grant_type: 'authorization_code', code: flow.code, client_id: flow.clientId, code_verifier: flow.verifier })).json()) as { access_token: string };
    expect((await callTool({ authorization: `Bearer ${tokens.access_token}` })).status).toBe(200);
  });

  it('answers an invalid token with 401 and exactly the contract\'s challenge', async () => {
    const response = await callTool({ authorization: 'Bearer not.a.token' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(CHALLENGE(`${base}/.well-known/oauth-protected-resource/mcp`));
    expect(await response.json()).toEqual({ error: 'invalid_token', error_description: 'The access token is invalid or expired' });
  });

  it('answers an expired token with 401', async () => {
    clock.advance(3600_000 + 61_000);
    expect((await callTool({ authorization: `Bearer ${agent.credential}` })).status).toBe(401);
  });

  it('refuses the other tokens of a registration as access tokens', async () => {
    for (const token of [agent.identity_assertion, agent.claim_token]) {
      expect((await callTool({ authorization: `Bearer ${token}` })).status).toBe(401);
    }
  });

  it('refuses an access token of ours that does not name the tool server as audience', async () => {
    const { signing } = await server.ctx.auth.keys.keySet();
    const now = Math.floor(clock.now() / 1000);
    const apiOnly = await new SignJWT({ sub: 'reg_x', client_id: 'reg_x', scope: 'site:read', jti: 'j', iss: base, aud: `${base}/api/v1`, iat: now, exp: now + 3600 })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: signing.kid })
      .sign(signing.privateKey);
    expect((await callTool({ authorization: `Bearer ${apiOnly}` })).status).toBe(401);
    expect((await identity({ authorization: `Bearer ${apiOnly}` })).status).toBe(200);
  });

  it('treats another authorization scheme as no token', async () => {
    expect((await callTool({ authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(200);
  });

  it('treats "Bearer" with nothing after it as an invalid token, not as anonymous', async () => {
    expect((await callTool({ authorization: 'Bearer' })).status).toBe(401);
  });

  it('exposes the challenge to browser clients of an allowed origin', async () => {
    const response = await callTool({ authorization: 'Bearer bad', origin: 'http://localhost:5173' });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });
});

describe('GET /agent/identity', () => {
  it('describes the agent of a valid token, with its rate limit', async () => {
    const response = await identity({ authorization: `Bearer ${agent.credential}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      authenticated: true,
      sub: agent.registration_id,
      scope: 'site:read',
      resource: base,
      rateLimit: { policy: 'agent', limit: 600, windowSeconds: 60 },
    });
  });

  it('answers no token with 401 unauthorized and the challenge without the error parts', async () => {
    const response = await identity();
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource", scope="site:read"`);
    expect(await response.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('answers an invalid token with 401 invalid-token and the full challenge', async () => {
    const response = await identity({ authorization: `Bearer ${agent.credential}x` });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(CHALLENGE(`${base}/.well-known/oauth-protected-resource`));
    expect(await response.json()).toMatchObject({ status: 401, code: 'invalid-token' });
  });

  it('never takes a token from the query string', async () => {
    const response = await identity({}, `/agent/identity?access_token=${agent.credential}`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('unauthorized');
  });

  it('answers HEAD like GET', async () => {
    const response = await fetch(`${base}/agent/identity`, { method: 'HEAD', headers: { authorization: `Bearer ${agent.credential}` } });
    expect(response.status).toBe(200);
  });
});

describe('the MCP caller', () => {
  const whoami = defineTool({
    name: 'whoami',
    title: 'Who am I',
    description: 'Test tool: returns the caller.',
    input: z.object({}).strict(),
    output: z.object({ sub: z.string().optional(), clientId: z.string().optional(), clientIp: z.string().optional() }),
    annotations: READ_ONLY_LOCAL,
    async run(_input, ctx) {
      const caller: Caller = ctx.caller;
      return { ...(caller.agent ? { sub: caller.agent.sub, clientId: caller.agent.clientId } : {}), ...(caller.clientIp ? { clientIp: caller.clientIp } : {}) };
    },
  });
  let appServer: http.Server;
  let appUrl: string;

  beforeAll(async () => {
    const app = express();
    app.use('/mcp', mcpEndpoint(server.ctx, [whoami]));
    appServer = http.createServer(app);
    await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
    appUrl = `http://localhost:${(appServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => appServer.close(() => resolve())));

  const whoamiCall = async (headers: Record<string, string> = {}, revision: '2025-11-25' | '2026-07-28' = '2025-11-25') => {
    const modern = revision === '2026-07-28';
    const envelope = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {} };
    const response = await fetch(`${appUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': revision,
        ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': 'whoami' } : {}),
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {}, ...(modern ? { _meta: envelope } : {}) } }),
    });
    return ((await response.json()) as { result: { structuredContent: Record<string, string> } }).result.structuredContent;
  };

  it.each(['2025-11-25', '2026-07-28'] as const)('carries the agent of a valid token and the address to the tools (%s)', async (revision) => {
    expect(await whoamiCall({ authorization: `Bearer ${agent.credential}` }, revision)).toEqual({
      sub: agent.registration_id,
      clientId: agent.registration_id,
      clientIp: expect.stringContaining('127.0.0.1'),
    });
  });

  it.each(['2025-11-25', '2026-07-28'] as const)('has no agent without a token (%s)', async (revision) => {
    expect(await whoamiCall({}, revision)).toEqual({ clientIp: expect.stringContaining('127.0.0.1') });
  });
});
