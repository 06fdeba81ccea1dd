import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { postJson, registerAgent, type Registration } from '../helpers/oauth.js';

let server: RunningServer;
let base: string;
let agent: Registration;
const clock = new FixedClock();

beforeAll(async () => {
  server = await startTestServer(MINI_SITE, [], { clock });
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(() => server?.close());
// Each test starts in fresh rate-limit windows, with a fresh agent.
beforeEach(async () => {
  clock.advance(61_000);
  agent = await registerAgent(base);
});

const get = (path: string, token?: string) => fetch(`${base}${path}`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
const API_CHALLENGE = (withError: boolean) =>
  `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/api/v1", scope="site:read"` +
  (withError ? ', error="invalid_token", error_description="The access token is invalid or expired"' : '');

describe('/api/v1 with a bearer token', () => {
  it('serves a request without a token under the per-address policy', async () => {
    const response = await get('/api/v1/search?q=audyt');
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-policy')).toBe('"ip";q=120;w=60');
  });

  it('serves a request with a valid token under the agent policy', async () => {
    const response = await get('/api/v1/search?q=audyt', agent.credential);
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-policy')).toBe('"agent";q=600;w=60');
    expect(response.headers.get('x-ratelimit-limit')).toBe('600');
    expect(response.headers.get('ratelimit')).toBe('"agent";r=599;t=60');
  });

  it('answers an invalid or expired token with 401 invalid-token, problem+json and the exact challenge', async () => {
    for (const token of ['not.a.token', agent.identity_assertion, agent.claim_token]) {
      const response = await get('/api/v1/search?q=audyt', token);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(response.headers.get('www-authenticate')).toBe(API_CHALLENGE(true));
      expect(await response.json()).toMatchObject({ status: 401, code: 'invalid-token', type: `${base}/api/v1/docs#invalid-token`, instance: '/api/v1/search' });
    }
    clock.advance(3600_000 + 61_000);
    expect((await get('/api/v1/health', agent.credential)).status).toBe(401);
  });

  it('refuses an access token of ours that does not name the REST API as audience', async () => {
    const { signing } = await server.ctx.auth.keys.keySet();
    const now = Math.floor(clock.now() / 1000);
    const mcpOnly = await new SignJWT({ sub: 'reg_x', client_id: 'reg_x', scope: 'site:read', jti: 'j', iss: base, aud: `${base}/mcp`, iat: now, exp: now + 3600 })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: signing.kid })
      .sign(signing.privateKey);
    expect((await get('/api/v1/health', mcpOnly)).status).toBe(401);
  });

  it('counts a request with an invalid token against the address, so a bad token buys nothing', async () => {
    for (let i = 0; i < 120; i++) expect((await get('/api/v1/health')).status).toBe(200);
    const invalid = await get('/api/v1/health', 'not.a.token');
    expect(invalid.status).toBe(429);
    expect((await get('/api/v1/health', agent.credential)).status).toBe(200);
  });

  it('limits one agent to 600 requests a minute: the 601st is 429 under the agent policy', async () => {
    for (let i = 0; i < 600; i++) expect((await get('/api/v1/health', agent.credential)).status).toBe(200);
    const refused = await get('/api/v1/health', agent.credential);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe('"agent";q=600;w=60');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate-limited' });
    clock.advance(60_000);
    expect((await get('/api/v1/health', agent.credential)).status).toBe(200);
  });

  it('does not let a second agent of the same address go past the address ceiling of 600', async () => {
    const second = await registerAgent(base);
    for (let i = 0; i < 400; i++) expect((await get('/api/v1/health', agent.credential)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 201; i++) statuses.push((await get('/api/v1/health', second.credential)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(200);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts a batch as one request against the agent', async () => {
    const response = await postJson(`${base}/api/v1/batch`, { requests: [{ path: '/api/v1/health' }, { path: '/api/v1/contact' }] }, { authorization: `Bearer ${agent.credential}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit')).toBe('"agent";r=599;t=60');
  });
});

describe('GET /api/v1/identity', () => {
  it('describes the agent of a valid token, never cached', async () => {
    const response = await get('/api/v1/identity', agent.credential);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toContain('Authorization');
    expect(await response.json()).toEqual({
      authenticated: true,
      sub: agent.registration_id,
      scope: 'site:read',
      resource: `${base}/api/v1`,
      rateLimit: { policy: 'agent', limit: 600, windowSeconds: 60 },
    });
  });

  it('answers each agent with its own identity', async () => {
    const second = await registerAgent(base);
    const a = (await (await get('/api/v1/identity', agent.credential)).json()) as { sub: string };
    const b = (await (await get('/api/v1/identity', second.credential)).json()) as { sub: string };
    expect([a.sub, b.sub]).toEqual([agent.registration_id, second.registration_id]);
  });

  it('answers no token with 401 unauthorized and the challenge without the error parts', async () => {
    const response = await get('/api/v1/identity');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(API_CHALLENGE(false));
    expect(await response.json()).toMatchObject({ status: 401, code: 'unauthorized', type: `${base}/api/v1/docs#unauthorized` });
  });

  it('never takes the token from the query string', async () => {
    const response = await get(`/api/v1/identity?access_token=${agent.credential}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('invalid-parameter');
  });

  it('is listed in the API root and cannot be batched', async () => {
    const root = (await (await get('/api/v1')).json()) as { endpoints: Record<string, string>; authentication: string };
    expect(root.endpoints.identity).toBe(`${base}/api/v1/identity`);
    expect(root.authentication).toContain('/.well-known/oauth-authorization-server');
    const batch = (await (await postJson(`${base}/api/v1/batch`, { requests: [{ path: '/api/v1/identity' }] }, { authorization: `Bearer ${agent.credential}` })).json()) as {
      responses: { status: number }[];
    };
    expect(batch.responses[0]!.status).toBe(400);
  });

  it('is the same answer at /agent/identity, apart from the resource it names', async () => {
    const viaAgent = (await (await get('/agent/identity', agent.credential)).json()) as Record<string, unknown>;
    const viaApi = (await (await get('/api/v1/identity', agent.credential)).json()) as Record<string, unknown>;
    expect({ ...viaAgent, resource: undefined }).toEqual({ ...viaApi, resource: undefined });
    expect((await (await get('/agent/identity')).json()) as object).toMatchObject({ code: 'unauthorized', type: `${base}/api/v1/docs#unauthorized` });
  });
});

describe('GET /agent/identity limits', () => {
  it('carries the agent policy with a token and counts against the same agent as /api/v1', async () => {
    const response = await get('/agent/identity', agent.credential);
    expect(response.headers.get('ratelimit-policy')).toBe('"agent";q=600;w=60');
    expect(response.headers.get('ratelimit')).toBe('"agent";r=599;t=60');
    expect((await get('/api/v1/health', agent.credential)).headers.get('ratelimit')).toBe('"agent";r=598;t=60');
  });

  it('counts requests without a token, or with a refused one, against the address', async () => {
    expect((await get('/agent/identity')).headers.get('ratelimit')).toBe('"ip";r=119;t=60');
    const refused = await get('/agent/identity', 'not.a.token');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('ratelimit')).toBe('"ip";r=118;t=60');
  });
});
