import type { JWTPayload } from 'jose';
import type { Clock } from '../clock.js';
import type { Logger } from '../log/logger.js';
import type { Store } from '../store/store.js';
import { AuthUrls } from './auth-urls.js';
import { OAuthError, temporarilyUnavailable } from './oauth-error.js';
import { SITE_READ } from './scope.js';
import { SigningKeys, SigningUnavailableError, type SigningKeyOptions } from './signing-keys.js';
import { TOKEN_KINDS, type TokenKindName } from './token-kinds.js';
import { InvalidTokenError, randomId, Tokens } from './tokens.js';

/** The token response of RFC 6749 §5.1, as the contract lists it. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/**
 * The authorization server's shared parts: its addresses, keys and token signer, and the store
 * that remembers which single-use codes and refresh tokens were redeemed. Built once by
 * createContext; the HTTP handlers in this folder take it from the context.
 */
export class AgentAuth {
  readonly urls: AuthUrls;
  readonly keys: SigningKeys;
  readonly tokens: Tokens;

  constructor(
    options: SigningKeyOptions & { readonly publicBaseUrl: string },
    readonly store: Store,
    readonly clock: Clock,
    readonly logger: Logger,
  ) {
    this.urls = new AuthUrls(options.publicBaseUrl);
    this.keys = new SigningKeys(options, clock, logger);
    this.tokens = new Tokens(this.keys, this.urls, clock);
  }

  /** A new agent registration id (`reg_…`): the `sub` of every token the registration gets. */
  newRegistrationId(): string {
    return `reg_${randomId()}`;
  }

  /** Signs a token; when no key can be had the endpoint answers 503 temporarily_unavailable. */
  async sign(kind: TokenKindName, claims: Record<string, unknown>) {
    try {
      return await this.tokens.sign(kind, claims);
    } catch (error) {
      if (error instanceof SigningUnavailableError) throw temporarilyUnavailable();
      throw error;
    }
  }

  /**
   * Verifies a token presented to an authorization-server endpoint. A token that fails is
   * answered with `failure` (its code and description); a missing key is 503.
   */
  async verifyOr(kind: TokenKindName, token: string, failure: OAuthError): Promise<JWTPayload> {
    try {
      return await this.tokens.verify(kind, token);
    } catch (error) {
      if (error instanceof SigningUnavailableError) throw temporarilyUnavailable();
      if (error instanceof InvalidTokenError) {
        this.logger.debug({ kind, reason: error.reason }, `rejected a ${TOKEN_KINDS[kind].label}`);
        throw failure;
      }
      throw error;
    }
  }

  /** An access token for the registration `sub`, used by client `clientId`, as a token response. */
  async accessTokenResponse(sub: string, clientId: string): Promise<TokenResponse> {
    const access = await this.sign('access', { sub, client_id: clientId, scope: SITE_READ });
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: TOKEN_KINDS.access.lifetimeSeconds,
      scope: SITE_READ,
    };
  }
}
