import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { postJson, registerAgent } from '../helpers/oauth.js';

let server: RunningServer;
let base: string;
const clock = new FixedClock();

beforeAll(async () => {
  server = await startTestServer(MINI_SITE, [], { clock });
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(() => server?.close());
// Each test starts in a fresh rate-limit window.
beforeEach(() => clock.advance(61_000));

const register = (body: unknown, headers: Record<string, string> = {}) => postJson(`${base}/agent/auth/`, body, headers);

describe('POST /agent/auth/ (anonymous registration)', () => {
  it('returns every field of the contract, with the lifetimes it states', async () => {
    const response = await register({ type: 'anonymous', requested_credential_type: 'access_token' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, string>;
    const now = clock.now();
    expect(body).toEqual({
      registration_id: expect.stringMatching(/^reg_[A-Za-z0-9_-]+$/),
      registration_type: 'anonymous',
      credential_type: 'access_token',
      credential: expect.any(String),
      credential_expires: new Date(now + 3600_000).toISOString().replace('.000', ''),
      scopes: ['site:read'],
      identity_assertion: expect.any(String),
      assertion_expires: new Date(now + 30 * 86400_000).toISOString().replace('.000', ''),
      pre_claim_scopes: ['site:read'],
      claim_url: `${base}/agent/auth/claim/`,
      claim_token: expect.any(String),
      claim_token_expires: new Date(now + 86400_000).toISOString().replace('.000', ''),
      post_claim_scopes: ['site:read'],
    });
    expect(decodeProtectedHeader(body.credential!)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(decodeJwt(body.credential!)).toMatchObject({ sub: body.registration_id, client_id: body.registration_id, scope: 'site:read', aud: [`${base}/mcp`, `${base}/api/v1`] });
    expect(decodeJwt(body.identity_assertion!)).toMatchObject({ sub: body.registration_id, aud: base });
  });

  it('treats requested_credential_type as optional', async () => {
    expect((await register({ type: 'anonymous' })).status).toBe(200);
  });

  it('gives a new registration every time (nothing is remembered about the caller)', async () => {
    const [a, b] = [await registerAgent(base), await registerAgent(base)];
    expect(a.registration_id).not.toBe(b.registration_id);
  });

  it('asks for nothing personal and echoes nothing it was given', async () => {
    const response = await register({ type: 'anonymous', email: 'person@example.com', name: 'Ada' });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toMatch(/person@example\.com|Ada/);
  });

  it.each([
    ['a body that is not JSON', 'type=anonymous', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['malformed JSON', '{"type":', {}],
    ['a JSON array', '[]', {}],
    ['no type', '{}', {}],
    ['an unknown type', '{"type":"robot"}', {}],
  ])('answers %s with invalid_request', async (_what, body, headers) => {
    const response = await register(body, headers);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('anonymous') });
  });

  it.each([
    [{ type: 'identity_assertion', assertion_type: 'urn:ietf:params:oauth:token-type:id-jag', assertion: 'x.y.z' }, 'issuer_not_enabled'],
    [{ type: 'identity_assertion', assertion_type: 'verified_email', assertion: 'a@b.example' }, 'verified_email_not_enabled'],
    [{ type: 'service_auth', login_hint: 'a@b.example' }, 'service_auth_not_enabled'],
    [{ type: 'anonymous', requested_credential_type: 'api_key' }, 'unsupported_credential_type'],
  ])('refuses %j with %s', async (body, error) => {
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(error);
  });

  it('limits registrations per address: the 11th in a minute is rate_limited 429, and the window reopens', async () => {
    for (let i = 0; i < 10; i++) expect((await register({ type: 'anonymous' })).status).toBe(200);
    const refused = await register({ type: 'anonymous' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: string }).error).toBe('rate_limited');
    clock.advance(61_000);
    expect((await register({ type: 'anonymous' })).status).toBe(200);
  });

  it('answers a browser preflight', async () => {
    const response = await fetch(`${base}/agent/auth/`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
  });
});

describe('POST /agent/auth/claim/', () => {
  it('answers claimed for a valid claim token, again on a retry, with no scope change', async () => {
    const agent = await registerAgent(base);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await postJson(`${base}/agent/auth/claim/`, { claim_token: agent.claim_token, email: 'owner@example.com' });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toEqual({ status: 'claimed', registration_id: agent.registration_id });
      expect(JSON.stringify(body)).not.toContain('owner@example.com');
    }
    const identity = await fetch(`${base}/agent/identity`, { headers: { authorization: `Bearer ${agent.credential}` } });
    expect(((await identity.json()) as { scope: string }).scope).toBe('site:read');
  });

  it('refuses a wrong claim token with invalid_claim_token', async () => {
    const response = await postJson(`${base}/agent/auth/claim/`, { claim_token: 'not-a-token' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_claim_token');
  });

  it('refuses an expired claim token (older than 24 hours)', async () => {
    const agent = await registerAgent(base);
    clock.advance(24 * 3600_000 + 61_000);
    const response = await postJson(`${base}/agent/auth/claim/`, { claim_token: agent.claim_token });
    expect(((await response.json()) as { error: string }).error).toBe('invalid_claim_token');
  });

  it('refuses the other tokens of a registration as claim tokens', async () => {
    const agent = await registerAgent(base);
    for (const token of [agent.credential, agent.identity_assertion]) {
      const response = await postJson(`${base}/agent/auth/claim/`, { claim_token: token });
      expect(((await response.json()) as { error: string }).error).toBe('invalid_claim_token');
    }
  });

  it('answers a body without claim_token with invalid_request', async () => {
    const response = await postJson(`${base}/agent/auth/claim/`, { email: 'a@b.example' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
  });
});
