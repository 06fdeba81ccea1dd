import { createHash } from 'node:crypto';
import type { AgentAuth } from './agent-auth.js';
import type { OAuthError } from './oauth-error.js';

/** A registered OAuth client, as its self-contained client id carries it. */
export interface OAuthClient {
  readonly clientId: string;
  /** Self-asserted by the client (RFC 7591 §5): shown, but never trusted alone. */
  readonly name: string | undefined;
  readonly redirectUris: readonly string[];
}

/**
 * Dynamic registration stores nothing: the client id is a signed JWT (typ `oauth-client+jwt`)
 * holding the client's name and redirect URIs. Reading it back is verifying it; an id we did
 * not sign, or signed with a key no longer configured, is an unknown client (`failure`).
 */
export async function readClientId(auth: AgentAuth, clientId: string, failure: OAuthError): Promise<OAuthClient> {
  const claims = await auth.verifyOr('client', clientId, failure);
  const redirectUris = claims.redirect_uris;
  if (!Array.isArray(redirectUris) || !redirectUris.every((uri) => typeof uri === 'string')) throw failure;
  return {
    clientId,
    name: typeof claims.client_name === 'string' ? claims.client_name : undefined,
    redirectUris,
  };
}

/** The hash of a client id that authorization codes and consent forms carry instead of the id itself. */
export function clientHash(clientId: string): string {
  return createHash('sha256').update(clientId).digest('base64url');
}
