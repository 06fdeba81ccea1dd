import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientHash } from '../../src/auth/oauth-client.js';
import type { RunningServer } from '../../src/http/serve.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { answerConsent, authorizationCode, authorizeUrl, openConsent, pkcePair, postForm, postJson, registerClient } from '../helpers/oauth.js';

let server: RunningServer;
let base: string;
const clock = new FixedClock();
const REDIRECT = 'https://app.example/oauth/callback';

beforeAll(async () => {
  server = await startTestServer(MINI_SITE, [], { clock });
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(() => server?.close());
beforeEach(() => clock.advance(61_000));

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
const tokenRequest = (fields: Record<string, string>) => postForm(`${base}/oauth/token/`, fields);
const redeem = (flow: { code: string; clientId: string; verifier: string }, extra: Record<string, string> = {}) =>
  tokenRequest({ grant_type: 'authorization_code', code: flow.code, client_id: flow.clientId, code_verifier: flow.verifier, ...extra });

async function clientWith(redirectUris: string[] = [REDIRECT], name = 'Example App') {
  return (await registerClient(base, { redirect_uris: redirectUris, client_name: name, token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] })).client_id;
}

function authorizeParams(clientId: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    resource: `${base}/mcp`,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

describe('POST /oauth/register/ (RFC 7591)', () => {
  it('registers a public client and stores nothing: the client id is the signed registration', async () => {
    const response = await postJson(`${base}/oauth/register/`, { redirect_uris: [REDIRECT], client_name: 'Example App', token_endpoint_auth_method: 'none', logo_uri: 'http://169.254.169.254/logo.png' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      client_id: expect.any(String),
      client_id_issued_at: Math.floor(clock.now() / 1000),
      client_name: 'Example App',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'site:read',
    });
    expect(decodeJwt(body.client_id as string)).toMatchObject({ client_name: 'Example App', redirect_uris: [REDIRECT] });
  });

  it.each([
    ['https with a path and query', 'https://app.example/cb?x=1'],
    ['http on localhost', 'http://localhost:8080/callback'],
    ['http on 127.0.0.1', 'http://127.0.0.1:33418/'],
    ['http on [::1]', 'http://[::1]:9000/cb'],
    ['a reverse-domain app scheme', 'com.example.app:/oauth2redirect'],
    ['an app scheme with a host', 'cursor://anysphere.cursor-mcp/oauth/callback'],
  ])('accepts %s', async (_what, uri) => {
    expect((await postJson(`${base}/oauth/register/`, { redirect_uris: [uri] })).status).toBe(201);
  });

  it.each([
    ['missing redirect_uris', {}],
    ['empty redirect_uris', { redirect_uris: [] }],
    ['javascript:', { redirect_uris: ['javascript:alert(1)'] }],
    ['data:', { redirect_uris: ['data:text/html,hi'] }],
    ['file:', { redirect_uris: ['file:///etc/passwd'] }],
    ['http on another host', { redirect_uris: ['http://app.example/cb'] }],
    ['a fragment', { redirect_uris: ['https://app.example/cb#x'] }],
    ['a wildcard', { redirect_uris: ['https://*.example/cb'] }],
    ['a leading space', { redirect_uris: [' https://app.example/cb'] }],
    ['a control character', { redirect_uris: ['https://app.example/c\u0000b'] }],
    ['a C1 byte', { redirect_uris: ['https://app.example/c\u0085b'] }],
    ['credentials', { redirect_uris: ['https://user:pass@app.example/cb'] }],
    ['a relative URI', { redirect_uris: ['/cb'] }],
    ['a URI over 2,000 characters', { redirect_uris: [`https://app.example/${'a'.repeat(2000)}`] }],
  ])('refuses %s with invalid_redirect_uri', async (_what, body) => {
    const response = await postJson(`${base}/oauth/register/`, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('invalid_redirect_uri');
  });

  it.each([
    ['more than 10 redirect URIs', { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example/${i}`) }],
    ['a client_name over 200 characters', { redirect_uris: [REDIRECT], client_name: 'x'.repeat(201) }],
    ['the password grant', { redirect_uris: [REDIRECT], grant_types: ['password'] }],
    ['the implicit response type', { redirect_uris: [REDIRECT], response_types: ['token'] }],
    ['a client secret method', { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' }],
    ['an unknown scope', { redirect_uris: [REDIRECT], scope: 'admin' }],
    ['a body that is not JSON', 'redirect_uris=x'],
  ])('refuses %s with invalid_client_metadata', async (_what, body) => {
    const response = await postJson(`${base}/oauth/register/`, body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('invalid_client_metadata');
  });

  it('limits registrations per address: rate_limited 429 past 10 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postJson(`${base}/oauth/register/`, { redirect_uris: [REDIRECT] })).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('GET /oauth/authorize/: the confirmation screen', () => {
  it('names the client and where the person will be sent, escaped', async () => {
    const clientId = await clientWith([REDIRECT], '<script>alert("x")</script> Helper');
    const form = await openConsent(authorizeUrl(base, authorizeParams(clientId)));
    expect(form.status).toBe(200);
    expect(form.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Helper');
    expect(form.html).not.toContain('<script>');
    expect(form.html).toContain('app.example');
    // The address is shown with line-break opportunities (<wbr>) at its boundaries.
    expect(form.html.replace(/<wbr>/g, '')).toContain(REDIRECT);
    expect(form.html).toMatch(/value="approve"/);
    expect(form.html).toMatch(/value="deny"/);
  });

  it('cannot be framed or cached, and leaks no referrer', async () => {
    const form = await openConsent(authorizeUrl(base, authorizeParams(await clientWith())));
    expect(form.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(form.headers.get('x-frame-options')).toBe('DENY');
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(form.headers.get('referrer-policy')).toBe('no-referrer');
    expect(form.cookie).toMatch(/^oauth_consent=/);
    expect(form.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect(form.headers.get('set-cookie')).toMatch(/SameSite=Strict/);
  });

  it('shows an error page and never redirects for an unknown client', async () => {
    const form = await openConsent(authorizeUrl(base, authorizeParams('made-up-client', { ui_locales: 'en' })));
    expect(form.status).toBe(400);
    expect(form.headers.get('location')).toBeNull();
    expect(form.html).toContain('not registered');
  });

  it('shows an error page for a client id signed by another server', async () => {
    const other = await startTestServer(MINI_SITE, ['--data-dir', `${server.ctx.config.dataDir}-other`]);
    try {
      const foreignClient = (await registerClient(other.ctx.content.current().urls.publicBaseUrl, { redirect_uris: [REDIRECT] })).client_id;
      const form = await openConsent(authorizeUrl(base, authorizeParams(foreignClient)));
      expect(form.status).toBe(400);
      expect(form.headers.get('location')).toBeNull();
    } finally {
      await other.close();
    }
  });

  it.each([
    ['an extra path segment', `${REDIRECT}/more`],
    ['a query', `${REDIRECT}?next=1`],
    ['a trailing slash', `${REDIRECT}/`],
    ['different case', REDIRECT.replace('callback', 'Callback')],
    ['another host', 'https://evil.example/oauth/callback'],
    ['a port on a non-loopback host', 'https://app.example:8443/oauth/callback'],
    ['http instead of https', REDIRECT.replace('https:', 'http:')],
  ])('shows an error page and never redirects for a redirect_uri with %s', async (_what, redirectUri) => {
    const form = await openConsent(authorizeUrl(base, authorizeParams(await clientWith(), { redirect_uri: redirectUri, ui_locales: 'en' })));
    expect(form.status).toBe(400);
    expect(form.headers.get('location')).toBeNull();
    expect(form.html).toContain('must match exactly');
  });

  it('lets a loopback IP redirect URI use any port (RFC 8252 §7.3)', async () => {
    const clientId = await clientWith(['http://127.0.0.1:1234/callback']);
    const form = await openConsent(authorizeUrl(base, authorizeParams(clientId, { redirect_uri: 'http://127.0.0.1:5678/callback' })));
    expect(form.status).toBe(200);
  });

  it('uses the only registered redirect URI when none is given, and refuses to guess among several', async () => {
    expect((await openConsent(authorizeUrl(base, authorizeParams(await clientWith(), { redirect_uri: undefined })))).status).toBe(200);
    const two = await clientWith([REDIRECT, 'https://app.example/other']);
    expect((await openConsent(authorizeUrl(base, authorizeParams(two, { redirect_uri: undefined })))).status).toBe(400);
  });

  it('shows an error page when a parameter repeats', async () => {
    const url = `${authorizeUrl(base, authorizeParams(await clientWith()))}&redirect_uri=${encodeURIComponent('https://evil.example/')}`;
    const form = await openConsent(url);
    expect(form.status).toBe(400);
    expect(form.headers.get('location')).toBeNull();
  });

  it.each([
    ['no code_challenge', { code_challenge: undefined }, 'invalid_request'],
    ['code_challenge_method plain', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['no code_challenge_method', { code_challenge_method: undefined }, 'invalid_request'],
    ['code_challenge_method S512', { code_challenge_method: 'S512' }, 'invalid_request'],
    ['a malformed code_challenge', { code_challenge: 'short' }, 'invalid_request'],
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
    ['an unknown scope', { scope: 'admin' }, 'invalid_scope'],
    ['a resource that is not ours', { resource: 'https://evil.example/mcp' }, 'invalid_target'],
  ])('sends %s back to the client as an error, with state and iss', async (_what, overrides, error) => {
    const response = await fetch(authorizeUrl(base, authorizeParams(await clientWith(), overrides)), { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(base);
  });
});

describe('POST /oauth/authorize/: the person\'s answer', () => {
  async function consentForm() {
    return openConsent(authorizeUrl(base, authorizeParams(await clientWith())));
  }

  it('approval redirects (303) with code, state and iss', async () => {
    const answer = await answerConsent(base, await consentForm(), 'approve');
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get('code')).toEqual(expect.any(String));
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(base);
  });

  it('denial redirects with access_denied, state and iss', async () => {
    const answer = await answerConsent(base, await consentForm(), 'deny');
    const location = new URL(answer.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(base);
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('refuses an answer without the page\'s cookie (CSRF) with 403 and no redirect', async () => {
    const form = await consentForm();
    const answer = await answerConsent(base, { ...form, cookie: undefined }, 'approve');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
  });

  it('refuses an answer carrying another page\'s cookie', async () => {
    const [first, second] = [await consentForm(), await consentForm()];
    const answer = await answerConsent(base, { ...first, cookie: 'oauth_consent=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, 'approve');
    expect(answer.status).toBe(403);
    expect(second.consent).toBeDefined();
  });

  it('refuses an answer posted from another site', async () => {
    const form = await consentForm();
    expect((await answerConsent(base, form, 'approve', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await answerConsent(base, form, 'approve', { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('accepts Origin: null from its own page (its referrer policy is no-referrer) but not from another site', async () => {
    expect((await answerConsent(base, await consentForm(), 'approve', { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await answerConsent(base, await consentForm(), 'approve', { origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(303);
  });

  it('refuses a forged or expired consent form', async () => {
    const form = await consentForm();
    expect((await answerConsent(base, { ...form, consent: 'x.y.z' }, 'approve')).status).toBe(400);
    clock.advance(11 * 60_000);
    expect((await answerConsent(base, form, 'approve')).status).toBe(400);
  });

  it('answers each request once', async () => {
    const form = await consentForm();
    expect((await answerConsent(base, form, 'approve')).status).toBe(303);
    const again = await answerConsent(base, form, 'approve');
    expect(again.status).toBe(400);
    expect(again.headers.get('location')).toBeNull();
  });

  it('keeps working for two tabs opened one after the other', async () => {
    const clientId = await clientWith();
    const first = await openConsent(authorizeUrl(base, authorizeParams(clientId)));
    const second = await openConsent(authorizeUrl(base, authorizeParams(clientId)), first.cookie);
    expect((await answerConsent(base, first, 'approve')).status).toBe(303);
    expect((await answerConsent(base, second, 'approve')).status).toBe(303);
  });
});

describe('POST /oauth/token/ with authorization_code', () => {
  it('exchanges the code for an access token and a 90-day refresh token', async () => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    const response = await redeem(flow, { redirect_uri: REDIRECT, resource: `${base}/mcp` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, string>;
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'site:read', refresh_token: expect.any(String) });
    expect(decodeJwt(body.access_token!)).toMatchObject({ client_id: flow.clientId, sub: expect.stringMatching(/^reg_/) });
    expect(decodeJwt(body.refresh_token!).exp! - decodeJwt(body.refresh_token!).iat!).toBe(90 * 86400);
  });

  it('refuses a replayed code, and revokes the refresh tokens it gave', async () => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    const first = (await (await redeem(flow)).json()) as { refresh_token: string };
    const replay = await redeem(flow);
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toBe('invalid_grant');
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: flow.clientId });
    expect(await errorOf(refresh)).toBe('invalid_grant');
  });

  it.each([
    ['a wrong verifier', 'x'.repeat(43)],
    ['a verifier under 43 characters', 'a'.repeat(42)],
    ['a verifier over 128 characters', 'a'.repeat(129)],
    ['a verifier with characters outside the unreserved set', `${'a'.repeat(42)}!`],
  ])('refuses %s with invalid_grant, and the code is used up', async (_what, verifier) => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    expect(await errorOf(await redeem({ ...flow, verifier }))).toBe('invalid_grant');
    expect(await errorOf(await redeem(flow))).toBe('invalid_grant');
  });

  it('answers a missing code_verifier with invalid_request, without using up the code', async () => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    expect(await errorOf(await tokenRequest({ grant_type: 'authorization_code', code: flow.code, client_id: flow.clientId }))).toBe('invalid_request');
    expect((await redeem(flow)).status).toBe(200);
  });

  it('refuses a verifier for a code issued without a challenge (PKCE downgrade)', async () => {
    const clientId = await clientWith();
    const { token: code } = await server.ctx.auth.tokens.sign('authorizationCode', { sub: 'reg_x', client_hash: clientHash(clientId), redirect_uri: REDIRECT, scope: 'site:read' });
    const response = await redeem({ code, clientId, verifier: pkcePair().verifier });
    expect(await errorOf(response)).toBe('invalid_grant');
  });

  it('refuses a code presented by another client, without using it up', async () => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    const otherClient = await clientWith();
    expect(await errorOf(await redeem({ ...flow, clientId: otherClient }))).toBe('invalid_grant');
    expect((await redeem(flow)).status).toBe(200);
  });

  it('refuses a code with another redirect_uri, without using it up', async () => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    expect(await errorOf(await redeem(flow, { redirect_uri: 'https://app.example/other' }))).toBe('invalid_grant');
    expect((await redeem(flow)).status).toBe(200);
  });

  it('refuses a code older than its lifetime', async () => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    clock.advance(2 * 60_000 + 1000);
    expect(await errorOf(await redeem(flow))).toBe('invalid_grant');
  });

  it('answers an unknown client_id with invalid_client 401 and a missing one with invalid_request', async () => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    const unknown = await redeem({ ...flow, clientId: 'made-up' });
    expect(unknown.status).toBe(401);
    expect(await errorOf(unknown)).toBe('invalid_client');
    expect(await errorOf(await tokenRequest({ grant_type: 'authorization_code', code: flow.code, code_verifier: flow.verifier }))).toBe('invalid_request');
  });

  it('refuses other tokens presented as a code', async () => {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    const tokens = (await (await redeem(flow)).json()) as { access_token: string; refresh_token: string };
    for (const token of [tokens.access_token, tokens.refresh_token, flow.clientId]) {
      expect(await errorOf(await redeem({ ...flow, code: token }))).toBe('invalid_grant');
    }
  });
});

describe('POST /oauth/token/ with refresh_token', () => {
  async function tokensFor() {
    const flow = await authorizationCode(base, { redirectUri: REDIRECT });
    return { flow, tokens: (await (await redeem(flow)).json()) as { access_token: string; refresh_token: string } };
  }
  const refresh = (refreshToken: string, clientId: string, extra: Record<string, string> = {}) =>
    tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, ...extra });

  it('rotates: each refresh gives a new refresh token for the same agent', async () => {
    const { flow, tokens } = await tokensFor();
    const response = await refresh(tokens.refresh_token, flow.clientId);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const next = (await response.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token).sub).toBe(decodeJwt(tokens.access_token).sub);
    expect((await refresh(next.refresh_token, flow.clientId)).status).toBe(200);
  });

  it('refuses a used refresh token and then revokes its whole family', async () => {
    const { flow, tokens } = await tokensFor();
    const next = (await (await refresh(tokens.refresh_token, flow.clientId)).json()) as { refresh_token: string };
    expect(await errorOf(await refresh(tokens.refresh_token, flow.clientId))).toBe('invalid_grant');
    expect(await errorOf(await refresh(next.refresh_token, flow.clientId))).toBe('invalid_grant');
  });

  it('refuses a refresh token of another client, a wider scope and an expired token', async () => {
    const { flow, tokens } = await tokensFor();
    expect(await errorOf(await refresh(tokens.refresh_token, await clientWith()))).toBe('invalid_grant');
    expect(await errorOf(await refresh(tokens.refresh_token, flow.clientId, { scope: 'site:read site:write' }))).toBe('invalid_scope');
    clock.advance(91 * 86400_000);
    expect(await errorOf(await refresh(tokens.refresh_token, flow.clientId))).toBe('invalid_grant');
  });

  it('refuses an access token as a refresh token', async () => {
    const { flow, tokens } = await tokensFor();
    expect(await errorOf(await refresh(tokens.access_token, flow.clientId))).toBe('invalid_grant');
  });

  it('answers a missing refresh_token with invalid_request', async () => {
    expect(await errorOf(await tokenRequest({ grant_type: 'refresh_token' }))).toBe('invalid_request');
  });
});
