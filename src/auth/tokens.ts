import { randomBytes } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { Clock } from '../clock.js';
import type { AuthUrls } from './auth-urls.js';
import { SigningUnavailableError, type SigningKeys } from './signing-keys.js';
import { TOKEN_KINDS, type TokenKindName } from './token-kinds.js';

/** At most this much clock difference between instances (and clients) is forgiven. */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** Longer strings are refused before any parsing (the largest we sign, a client id, stays far below). */
const MAX_TOKEN_LENGTH = 16_384;

/** A token failed verification. `reason` is for logs; clients get one generic message. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
  constructor(readonly reason: string) {
    super(`invalid token: ${reason}`);
  }
}

export interface SignedToken {
  readonly token: string;
  readonly jti: string;
  /** Milliseconds since the epoch. */
  readonly issuedAt: number;
  /** Milliseconds since the epoch; undefined for kinds that never expire. */
  readonly expiresAt: number | undefined;
}

export interface VerifyOptions {
  /** Overrides the kind's audience, e.g. one resource server accepting only tokens that name it. */
  readonly audience?: string | readonly string[];
}

/** A fresh random identifier: 128 bits, base64url. */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Signs and verifies every JWT of the server. Verification pins everything (RFC 8725): the
 * algorithm (ES256 only, so neither `none` nor HS256 keyed with our public key passes), the
 * kind's `typ`, our issuer, the expected audience, expiry with at most 60 s of skew, and the
 * kind's required claims. Keys come only from our own key set, looked up by `kid`; nothing in a
 * token's header (`jku`, `x5u`, `jwk`) is ever fetched or trusted.
 */
export class Tokens {
  /** jose, loaded on first use (as in signing-keys.ts): a stdio start never signs or verifies a token. */
  #jose: Promise<typeof import('jose')> | undefined;

  constructor(
    private readonly keys: SigningKeys,
    private readonly urls: AuthUrls,
    private readonly clock: Clock,
  ) {}

  #loadJose(): Promise<typeof import('jose')> {
    return (this.#jose ??= import('jose'));
  }

  async sign(kindName: TokenKindName, claims: Record<string, unknown>): Promise<SignedToken> {
    const kind = TOKEN_KINDS[kindName];
    const { signing } = await this.keys.keySet();
    const issuedAtSeconds = Math.floor(this.clock.now() / 1000);
    const jti = typeof claims.jti === 'string' ? claims.jti : randomId();
    const payload: JWTPayload = { ...claims, iss: this.urls.issuer, aud: kind.audience(this.urls), iat: issuedAtSeconds, jti };
    if (kind.lifetimeSeconds !== undefined) payload.exp = issuedAtSeconds + kind.lifetimeSeconds;
    const { SignJWT } = await this.#loadJose();
    const token = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ: kind.typ, kid: signing.kid }).sign(signing.privateKey);
    return {
      token,
      jti,
      issuedAt: issuedAtSeconds * 1000,
      expiresAt: kind.lifetimeSeconds === undefined ? undefined : (issuedAtSeconds + kind.lifetimeSeconds) * 1000,
    };
  }

  /** The verified claims. Throws InvalidTokenError, or SigningUnavailableError when no key can be had. */
  async verify(kindName: TokenKindName, token: string, options: VerifyOptions = {}): Promise<JWTPayload> {
    const kind = TOKEN_KINDS[kindName];
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('empty or oversized');
    const keys = await this.keys.keySet();
    const { errors: joseErrors, jwtVerify } = await this.#loadJose();
    try {
      const { payload } = await jwtVerify(
        token,
        (header, input) => {
          if (typeof header.kid !== 'string') throw new InvalidTokenError('no kid');
          return keys.getKey(header, input);
        },
        {
          algorithms: ['ES256'],
          typ: kind.typ,
          issuer: this.urls.issuer,
          audience: (options.audience ?? kind.audience(this.urls)) as string | string[],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate: new Date(this.clock.now()),
          requiredClaims: [...kind.requiredClaims, ...(kind.lifetimeSeconds === undefined ? [] : ['exp'])],
          ...(kind.lifetimeSeconds === undefined ? {} : { maxTokenAge: kind.lifetimeSeconds }),
        },
      );
      return payload;
    } catch (error) {
      if (error instanceof SigningUnavailableError || error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(`${error.code}: ${error.message}`);
      if (error instanceof TypeError) throw new InvalidTokenError(error.message);
      throw error;
    }
  }
}
