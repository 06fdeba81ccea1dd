import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { answerConsent, openConsent } from '../helpers/oauth.js';
import { MINI_SITE } from '../helpers/paths.js';

/**
 * The SDK's own OAuth client (client/auth.js), as real MCP clients use it, against our server:
 * discovery (RFC 9728, RFC 8414), dynamic registration, the code flow with PKCE, the resource
 * indicator, then tool calls with the token and a refresh when it has expired. The only scripted
 * part is the person, who approves on the consent page.
 */
class InMemoryProvider implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:8765/callback';
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'SDK test client',
    redirect_uris: [this.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;

  state() {
    return 'sdk-state';
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let server: RunningServer;
let base: string;
const clock = new FixedClock();
const provider = new InMemoryProvider();

beforeAll(async () => {
  server = await startTestServer(MINI_SITE, [], { clock });
  base = server.ctx.content.current().urls.publicBaseUrl;
});
afterAll(() => server?.close());

async function connect(): Promise<Client> {
  const client = new Client({ name: 'sdk-oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider }));
  return client;
}

describe('the MCP SDK OAuth client against this server', () => {
  it('discovers, registers and sends the person to the consent page with PKCE and the resource', async () => {
    expect(await auth(provider, { serverUrl: `${base}/mcp` })).toBe('REDIRECT');
    expect(provider.client?.client_id).toEqual(expect.any(String));
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${base}/oauth/authorize/`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: provider.redirectUrl,
      resource: `${base}/mcp`,
      scope: 'site:read',
      state: 'sdk-state',
    });
  });

  it('exchanges the code the consent page gives for tokens', async () => {
    const form = await openConsent(provider.authorizationUrl!.href);
    const answer = await answerConsent(base, form, 'approve');
    const callback = new URL(answer.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe('sdk-state');
    expect(callback.searchParams.get('iss')).toBe(base);
    expect(await auth(provider, { serverUrl: `${base}/mcp`, authorizationCode: callback.searchParams.get('code')! })).toBe('AUTHORIZED');
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'site:read', access_token: expect.any(String), refresh_token: expect.any(String) });
  });

  it('calls a tool over /mcp with the token, which identifies the agent', async () => {
    const client = await connect();
    try {
      const result = await client.callTool({ name: 'search_site', arguments: { query: 'audyt' } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const identity = await fetch(`${base}/agent/identity`, { headers: { authorization: `Bearer ${provider.saved!.access_token}` } });
    expect(((await identity.json()) as { sub: string }).sub).toMatch(/^reg_/);
  });

  it('refreshes by itself once the access token has expired', async () => {
    const before = provider.saved!;
    clock.advance(2 * 3600_000);
    const client = await connect();
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
  });
});
