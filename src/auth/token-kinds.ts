import type { AuthUrls } from './auth-urls.js';

/**
 * Every kind of JWT this server signs. Each has its own `typ` and its own audience, and the
 * verifier pins both, so no kind can stand in for another (RFC 8725 §3.11-3.12): an identity
 * assertion is not an access token, an access token is not a refresh token, and so on.
 */
export interface TokenKind {
  /** Shown in logs and errors. */
  readonly label: string;
  /** The JWS header `typ`. */
  readonly typ: string;
  /** Seconds from issue to expiry; undefined for a kind that does not expire (client ids). */
  readonly lifetimeSeconds: number | undefined;
  /** The `aud` written into tokens of this kind. */
  audience(urls: AuthUrls): string | string[];
  /** Claims that must be present besides iss, aud, iat (and exp when the kind expires). */
  readonly requiredClaims: readonly string[];
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TOKEN_KINDS = {
  /** RFC 9068 access token: one token for the tool server and the REST API. */
  access: {
    label: 'access token',
    typ: 'at+jwt',
    lifetimeSeconds: HOUR,
    audience: (urls) => [urls.mcpResource, urls.apiResource],
    requiredClaims: ['sub', 'client_id', 'scope', 'jti'],
  },
  /** auth.md identity assertion, exchanged at the token endpoint (RFC 7523: `aud` is the authorization server). */
  identityAssertion: {
    label: 'identity assertion',
    typ: 'oauth-id-jag+jwt',
    lifetimeSeconds: 30 * DAY,
    audience: (urls) => urls.issuer,
    requiredClaims: ['sub', 'client_id', 'jti'],
  },
  /** auth.md claim token, accepted only by the claim endpoint. */
  claim: {
    label: 'claim token',
    typ: 'agent-claim+jwt',
    lifetimeSeconds: DAY,
    audience: (urls) => urls.claimEndpoint,
    requiredClaims: ['sub', 'jti'],
  },
  /** Refresh token of the authorization code flow, rotated on every use. */
  refresh: {
    label: 'refresh token',
    typ: 'oauth-refresh+jwt',
    lifetimeSeconds: 90 * DAY,
    audience: (urls) => `${urls.tokenEndpoint}#refresh_token`,
    requiredClaims: ['sub', 'client_id', 'jti', 'family'],
  },
  /** Authorization code: short-lived, single use (the store remembers redeemed codes). */
  authorizationCode: {
    label: 'authorization code',
    typ: 'oauth-code+jwt',
    lifetimeSeconds: MINUTE,
    audience: (urls) => `${urls.tokenEndpoint}#authorization_code`,
    // The client id itself is long (it carries the registration); the code, which travels in a
    // URL, holds its hash.
    requiredClaims: ['sub', 'client_hash', 'jti', 'redirect_uri'],
  },
  /** Client id of dynamic registration: the registration itself, signed, so nothing is stored. */
  client: {
    label: 'client id',
    typ: 'oauth-client+jwt',
    lifetimeSeconds: undefined,
    audience: (urls) => urls.registrationEndpoint,
    requiredClaims: ['redirect_uris'],
  },
  /** The consent form's signed copy of a validated authorization request, bound to the CSRF cookie. */
  consent: {
    label: 'consent request',
    typ: 'oauth-consent+jwt',
    lifetimeSeconds: 10 * MINUTE,
    audience: (urls) => urls.authorizationEndpoint,
    requiredClaims: ['client_hash', 'redirect_uri', 'code_challenge', 'csrf', 'jti'],
  },
} as const satisfies Record<string, TokenKind>;

export type TokenKindName = keyof typeof TOKEN_KINDS;
