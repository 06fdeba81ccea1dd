import type { Request, Response } from 'express';
import type { JWTPayload } from 'jose';
import { StoreUnavailableError } from '../store/store.js';
import type { AgentAuth, TokenResponse } from './agent-auth.js';
import { enforceEndpointLimit } from './endpoint-limits.js';
import { clientHash, readClientId } from './oauth-client.js';
import { OAuthError, temporarilyUnavailable } from './oauth-error.js';
import { isWellFormedVerifier, verifierMatches } from './pkce.js';
import { grantedScope } from './scope.js';
import { TOKEN_KINDS } from './token-kinds.js';
import { CLOCK_TOLERANCE_SECONDS } from './tokens.js';

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const SUPPORTED_GRANT_TYPES = [JWT_BEARER, 'authorization_code', 'refresh_token'] as const;

const FORM = 'application/x-www-form-urlencoded';

/**
 * `POST /oauth/token/`: the three grants of the contract. The body must be a form
 * (`application/x-www-form-urlencoded`) in which no parameter repeats (RFC 6749 §3.2). Every
 * answer, errors included, carries `Cache-Control: no-store`.
 */
export function tokenHandler(auth: AgentAuth) {
  return async (req: Request, res: Response): Promise<void> => {
    await enforceEndpointLimit(auth, 'token', req.ip);
    const params = readForm(req);
    if (/^\s*basic\s/i.test(req.headers.authorization ?? '') || params.has('client_secret')) {
      throw new OAuthError('invalid_client', 'Client secrets are not accepted: clients here are public (token_endpoint_auth_method "none"); send client_id only.');
    }
    const grantType = params.get('grant_type');
    let response: TokenResponse;
    switch (grantType) {
      case undefined:
        throw new OAuthError('invalid_request', `grant_type is required: one of ${SUPPORTED_GRANT_TYPES.join(', ')}.`);
      case JWT_BEARER:
        response = await jwtBearerGrant(auth, params);
        break;
      case 'authorization_code':
        response = await authorizationCodeGrant(auth, params);
        break;
      case 'refresh_token':
        response = await refreshTokenGrant(auth, params);
        break;
      default:
        throw new OAuthError('unsupported_grant_type', `grant_type ${JSON.stringify(grantType)} is not supported: use one of ${SUPPORTED_GRANT_TYPES.join(', ')}.`);
    }
    res.status(200).set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(response);
  };
}

/** The form's parameters, each at most once; empty values count as absent. */
function readForm(req: Request): Map<string, string> {
  if (!req.is(FORM)) {
    throw new OAuthError('invalid_request', `Send the token request as a form: Content-Type: ${FORM}.`);
  }
  const text = typeof req.body === 'string' ? req.body : '';
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (params.has(name)) throw new OAuthError('invalid_request', `The parameter ${name} is repeated; send each parameter once.`);
    params.set(name, value);
  }
  for (const [name, value] of params) if (value === '') params.delete(name);
  return params;
}

function required(params: Map<string, string>, name: string, what: string): string {
  const value = params.get(name);
  if (value === undefined) throw new OAuthError('invalid_request', `${name} is required: ${what}.`);
  return value;
}

/** RFC 8707: a named resource must be one of ours; the token names both anyway. */
function checkResource(auth: AgentAuth, params: Map<string, string>): void {
  const resource = params.get('resource');
  if (resource !== undefined && auth.urls.knownResource(resource) === undefined) {
    throw new OAuthError('invalid_target', `resource must be ${auth.urls.mcpResource} (the tool server) or ${auth.urls.apiResource} (the REST API).`);
  }
}

/** RFC 7523 with the identity assertion of anonymous registration. No refresh token: exchange the assertion again. */
async function jwtBearerGrant(auth: AgentAuth, params: Map<string, string>): Promise<TokenResponse> {
  const assertion = required(params, 'assertion', 'the identity_assertion from POST /agent/auth/');
  checkResource(auth, params);
  grantedScope(params.get('scope'));
  const claims = await auth.verifyOr(
    'identityAssertion',
    assertion,
    new OAuthError('invalid_grant', 'The assertion is invalid or expired (identity assertions are valid for 30 days). Register again with POST /agent/auth/.'),
  );
  const clientId = params.get('client_id');
  if (clientId !== undefined && clientId !== claims.client_id) {
    await readClientId(auth, clientId, new OAuthError('invalid_client', 'Unknown client_id: omit it, or send the one this server issued.'));
  }
  return auth.accessTokenResponse(String(claims.sub), String(claims.client_id));
}

async function authorizationCodeGrant(auth: AgentAuth, params: Map<string, string>): Promise<TokenResponse> {
  const code = required(params, 'code', 'the code from the authorization redirect');
  const clientId = required(params, 'client_id', 'the client_id that POST /oauth/register/ returned');
  const client = await readClientId(auth, clientId, new OAuthError('invalid_client', 'Unknown client_id: register with POST /oauth/register/ and use the client_id it returns.'));
  const invalidCode = new OAuthError('invalid_grant', 'The authorization code is invalid, expired or already used. Start the authorization again.');
  const claims = await auth.verifyOr('authorizationCode', code, invalidCode);
  // A code presented by another client, or with another redirect URI, is refused without being
  // used up, so that it cannot be burnt by someone who saw it (RFC 9700 §4.5).
  if (claims.client_hash !== clientHash(client.clientId)) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
  const redirectUri = params.get('redirect_uri');
  if (redirectUri !== undefined && redirectUri !== claims.redirect_uri) {
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the one in the authorization request.');
  }
  checkResource(auth, params);
  const verifier = required(params, 'code_verifier', 'the PKCE code_verifier whose S256 hash was sent as code_challenge');

  const jti = String(claims.jti);
  const firstUse = await storeCall(() => auth.store.setIfAbsent(`oauth:code-used:${jti}`, '1', ttlMs(claims, auth)));
  if (!firstUse) {
    // RFC 6749 §4.1.2: a replayed code revokes what it granted: the refresh tokens of its family.
    await storeCall(() => auth.store.set(`oauth:family-revoked:${jti}`, '1', refreshFamilyTtlMs()));
    auth.logger.warn({ sub: claims.sub }, 'authorization code replayed; its refresh tokens are revoked');
    throw invalidCode;
  }
  // The code is used up from here on: a wrong verifier cannot be retried (brute force).
  const challenge = claims.code_challenge;
  if (typeof challenge !== 'string') {
    // RFC 9700 §4.8: a verifier for a code issued without a challenge is a PKCE downgrade.
    throw new OAuthError('invalid_grant', 'This code was issued without a code_challenge, so no code_verifier can be accepted.');
  }
  if (!isWellFormedVerifier(verifier) || !verifierMatches(verifier, challenge)) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge (S256); the code is now used up. Start the authorization again.');
  }
  return withRefreshToken(auth, String(claims.sub), client.clientId, jti);
}

async function refreshTokenGrant(auth: AgentAuth, params: Map<string, string>): Promise<TokenResponse> {
  const token = required(params, 'refresh_token', 'the refresh_token from the last token response');
  const invalid = new OAuthError('invalid_grant', 'The refresh token is invalid, expired or already used. Start the authorization again.');
  const claims = await auth.verifyOr('refresh', token, invalid);
  const clientId = params.get('client_id');
  if (clientId !== undefined && clientId !== claims.client_id) throw new OAuthError('invalid_grant', 'The refresh token was issued to another client.');
  grantedScope(params.get('scope'));
  checkResource(auth, params);

  const family = String(claims.family);
  if ((await storeCall(() => auth.store.get(`oauth:family-revoked:${family}`))) !== undefined) throw invalid;
  const firstUse = await storeCall(() => auth.store.setIfAbsent(`oauth:refresh-used:${String(claims.jti)}`, '1', ttlMs(claims, auth)));
  if (!firstUse) {
    // Rotation with reuse detection (RFC 9700 §4.14): a used refresh token coming back means it
    // leaked, so the whole family stops working.
    await storeCall(() => auth.store.set(`oauth:family-revoked:${family}`, '1', refreshFamilyTtlMs()));
    auth.logger.warn({ sub: claims.sub }, 'refresh token reused; its family is revoked');
    throw invalid;
  }
  return withRefreshToken(auth, String(claims.sub), String(claims.client_id), family);
}

async function withRefreshToken(auth: AgentAuth, sub: string, clientId: string, family: string): Promise<TokenResponse> {
  const [access, refresh] = await Promise.all([auth.accessTokenResponse(sub, clientId), auth.sign('refresh', { sub, client_id: clientId, family })]);
  return { ...access, refresh_token: refresh.token };
}

/** How long a single-use mark must be kept: until the token can no longer verify. */
function ttlMs(claims: JWTPayload, auth: AgentAuth): number {
  return Math.max((Number(claims.exp) + CLOCK_TOLERANCE_SECONDS) * 1000 - auth.clock.now(), 1000);
}

function refreshFamilyTtlMs(): number {
  return (TOKEN_KINDS.refresh.lifetimeSeconds + CLOCK_TOLERANCE_SECONDS) * 1000;
}

/** Single use cannot be guaranteed without the store: refuse rather than risk a replay. */
async function storeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw temporarilyUnavailable();
    throw error;
  }
}
