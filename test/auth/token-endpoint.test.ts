import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { postForm, postJson, registerAgent, type Registration } from '../helpers/oauth.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
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

const token = (fields: Record<string, string> | string, headers: Record<string, string> = {}) => postForm(`${base}/oauth/token/`, fields, headers);
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('POST /oauth/token/ with the jwt-bearer grant', () => {
  it.each([['/mcp'], ['/api/v1']])('exchanges the identity assertion for an access token for resource %s', async (path) => {
    const response = await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion, resource: `${base}${path}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'site:read' });
    expect(decodeJwt(body.access_token as string)).toMatchObject({ sub: agent.registration_id, aud: [`${base}/mcp`, `${base}/api/v1`] });
  });

  it('works for the 30 days of the assertion, and not after', async () => {
    clock.advance(29 * 86400_000);
    expect((await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion })).status).toBe(200);
    clock.advance(2 * 86400_000);
    const expired = await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion });
    expect(expired.status).toBe(400);
    expect(await errorOf(expired)).toBe('invalid_grant');
  });

  it('refuses a resource that is not ours with invalid_target', async () => {
    const response = await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion, resource: 'https://evil.example/mcp' });
    expect(await errorOf(response)).toBe('invalid_target');
  });

  it('refuses a scope other than site:read with invalid_scope', async () => {
    expect(await errorOf(await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion, scope: 'site:read admin' }))).toBe('invalid_scope');
  });

  it.each([
    ['the access token', (a: Registration) => a.credential],
    ['the claim token', (a: Registration) => a.claim_token],
    ['garbage', () => 'x.y.z'],
  ])('refuses %s as an assertion with invalid_grant', async (_what, pick) => {
    const response = await token({ grant_type: JWT_BEARER, assertion: pick(agent) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('invalid_grant');
  });

  it('answers a missing assertion with invalid_request', async () => {
    expect(await errorOf(await token({ grant_type: JWT_BEARER }))).toBe('invalid_request');
  });
});

describe('POST /oauth/token/ requests', () => {
  it('takes forms only: JSON is invalid_request', async () => {
    const response = await postJson(`${base}/oauth/token/`, { grant_type: JWT_BEARER, assertion: agent.identity_assertion });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('invalid_request');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a content type that merely contains the form type', async () => {
    const body = new URLSearchParams({ grant_type: JWT_BEARER, assertion: agent.identity_assertion }).toString();
    expect(await errorOf(await token(body, { 'content-type': 'text/plain; a=application/x-www-form-urlencoded' }))).toBe('invalid_request');
  });

  it('refuses a repeated parameter', async () => {
    const body = `grant_type=${encodeURIComponent(JWT_BEARER)}&assertion=${agent.identity_assertion}&assertion=${agent.identity_assertion}`;
    expect(await errorOf(await token(body))).toBe('invalid_request');
  });

  it('answers a missing grant_type with invalid_request and an unknown one with unsupported_grant_type', async () => {
    expect(await errorOf(await token({ assertion: agent.identity_assertion }))).toBe('invalid_request');
    for (const grant of ['password', 'client_credentials', 'implicit']) {
      const response = await token({ grant_type: grant });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('unsupported_grant_type');
    }
  });

  it('refuses client secrets with invalid_client 401: clients are public', async () => {
    const basic = await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion }, { authorization: `Basic ${btoa('client:secret')}` });
    expect(basic.status).toBe(401);
    expect(await errorOf(basic)).toBe('invalid_client');
    const posted = await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion, client_secret: 'secret' });
    expect(await errorOf(posted)).toBe('invalid_client');
  });

  it('refuses an unknown client_id with invalid_client', async () => {
    const response = await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion, client_id: 'made-up' });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe('invalid_client');
  });

  it('limits token requests per address: rate_limited 429 past 60 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await token({ grant_type: JWT_BEARER, assertion: agent.identity_assertion })).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
