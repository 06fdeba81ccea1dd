import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(() => server?.close());

const getJson = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  expect(response.status).toBe(200);
  return { response, body: (await response.json()) as Record<string, unknown> };
};

describe('protected resource metadata (RFC 9728)', () => {
  it.each([
    ['/.well-known/oauth-protected-resource', ''],
    ['/.well-known/oauth-protected-resource/mcp', '/mcp'],
    ['/.well-known/oauth-protected-resource/api/v1', '/api/v1'],
  ])('%s describes exactly its resource', async (path, resourcePath) => {
    const { body, response } = await getJson(path);
    expect(body).toEqual({
      resource: `${base}${resourcePath}`,
      authorization_servers: [base],
      scopes_supported: ['site:read'],
      bearer_methods_supported: ['header'],
      resource_name: expect.any(String),
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('authorization server metadata (RFC 8414)', () => {
  it('names the endpoints, the three grants, PKCE S256 and public clients', async () => {
    const { body } = await getJson('/.well-known/oauth-authorization-server');
    expect(body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize/`,
      token_endpoint: `${base}/oauth/token/`,
      registration_endpoint: `${base}/oauth/register/`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      scopes_supported: ['site:read'],
      response_types_supported: ['code'],
      grant_types_supported: ['urn:ietf:params:oauth:grant-type:jwt-bearer', 'authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('tells an agent how to register on its own in the agent_auth block', async () => {
    const { body } = await getJson('/.well-known/oauth-authorization-server');
    expect(body.agent_auth).toMatchObject({
      register_uri: `${base}/agent/auth/`,
      registration_endpoint: `${base}/agent/auth/`,
      claim_uri: `${base}/agent/auth/claim/`,
      token_endpoint: `${base}/oauth/token/`,
      identity_types_supported: ['anonymous'],
      anonymous: { credential_types_supported: ['access_token'] },
    });
  });

  it('answers a browser preflight, as browser-based MCP clients send one', async () => {
    const response = await fetch(`${base}/.well-known/oauth-authorization-server`, {
      method: 'OPTIONS',
      headers: { origin: 'https://inspector.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'mcp-protocol-version' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('MCP-Protocol-Version');
  });
});

describe('the JWK Set', () => {
  it('publishes the ES256 public key under its thumbprint, with no private part', async () => {
    const { body, response } = await getJson('/.well-known/jwks.json');
    const keys = body.keys as Record<string, unknown>[];
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0]!).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(response.headers.get('content-type')).toContain('application/jwk-set+json');
  });
});
