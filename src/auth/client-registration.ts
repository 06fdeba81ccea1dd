import type { Request, Response } from 'express';
import type { AgentAuth } from './agent-auth.js';
import { enforceEndpointLimit } from './endpoint-limits.js';
import { OAuthError } from './oauth-error.js';
import { MAX_REDIRECT_URIS, MAX_REDIRECT_URIS_TOTAL_LENGTH, redirectUriProblem } from './redirect-uri.js';
import { grantedScope } from './scope.js';

export const MAX_CLIENT_NAME_LENGTH = 200;
const SUPPORTED_GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

interface ClientMetadata {
  readonly clientName: string | undefined;
  readonly redirectUris: string[];
  readonly grantTypes: string[];
}

/**
 * `POST /oauth/register/` (RFC 7591): open dynamic registration of public clients. Nothing is
 * stored; the answer's client id carries the registration, signed. `client_uri`, `logo_uri` and
 * the like are accepted and ignored: never fetched, never shown.
 */
export function clientRegistrationHandler(auth: AgentAuth) {
  return async (req: Request, res: Response): Promise<void> => {
    await enforceEndpointLimit(auth, 'clientRegistration', req.ip);
    const metadata = parseClientMetadata(req.body);
    const signed = await auth.sign('client', {
      ...(metadata.clientName === undefined ? {} : { client_name: metadata.clientName }),
      redirect_uris: metadata.redirectUris,
    });
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({
        client_id: signed.token,
        client_id_issued_at: Math.floor(signed.issuedAt / 1000),
        ...(metadata.clientName === undefined ? {} : { client_name: metadata.clientName }),
        redirect_uris: metadata.redirectUris,
        grant_types: metadata.grantTypes,
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: grantedScope(undefined),
      });
  };
}

function parseClientMetadata(body: unknown): ClientMetadata {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_client_metadata', 'Send the client metadata as a JSON object (Content-Type: application/json) with at least redirect_uris.');
  }
  const fields = body as Record<string, unknown>;

  const redirectUris = fields.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be a non-empty array of URIs (https, http on localhost, or a private app scheme).');
  }
  if (redirectUris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError('invalid_client_metadata', `At most ${MAX_REDIRECT_URIS} redirect_uris may be registered; got ${redirectUris.length}.`);
  }
  for (const [index, uri] of redirectUris.entries()) {
    const problem = redirectUriProblem(uri);
    if (problem !== undefined) throw new OAuthError('invalid_redirect_uri', `redirect_uris[${index}] ${problem}.`);
  }
  const uris = redirectUris as string[];
  if (uris.reduce((sum, uri) => sum + uri.length, 0) > MAX_REDIRECT_URIS_TOTAL_LENGTH) {
    throw new OAuthError('invalid_client_metadata', `The redirect_uris together must not exceed ${MAX_REDIRECT_URIS_TOTAL_LENGTH} characters.`);
  }

  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    throw new OAuthError('invalid_client_metadata', 'token_endpoint_auth_method must be "none": only public clients (with PKCE) are registered, and no secrets are issued.');
  }

  const grantTypes = fields.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!Array.isArray(grantTypes) || !grantTypes.every((grant) => typeof grant === 'string' && SUPPORTED_GRANT_TYPES.has(grant)) || !grantTypes.includes('authorization_code')) {
    throw new OAuthError('invalid_client_metadata', 'grant_types must include "authorization_code" and may add "refresh_token"; no other grant is offered to registered clients.');
  }

  const responseTypes = fields.response_types;
  if (responseTypes !== undefined && (!Array.isArray(responseTypes) || responseTypes.length !== 1 || responseTypes[0] !== 'code')) {
    throw new OAuthError('invalid_client_metadata', 'response_types must be ["code"].');
  }

  if (fields.scope !== undefined) {
    if (typeof fields.scope !== 'string') throw new OAuthError('invalid_client_metadata', 'scope must be a string such as "site:read".');
    try {
      grantedScope(fields.scope);
    } catch (error) {
      throw new OAuthError('invalid_client_metadata', (error as OAuthError).description);
    }
  }

  const clientName = fields.client_name;
  if (clientName !== undefined) {
    // eslint-disable-next-line no-control-regex
    if (typeof clientName !== 'string' || clientName.trim() === '' || clientName.length > MAX_CLIENT_NAME_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(clientName)) {
      throw new OAuthError('invalid_client_metadata', `client_name must be a non-empty string of at most ${MAX_CLIENT_NAME_LENGTH} characters without control characters.`);
    }
  }

  return { clientName: clientName as string | undefined, redirectUris: uris, grantTypes: [...new Set(grantTypes as string[])] };
}
