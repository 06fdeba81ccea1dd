import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AgentAuth } from './agent-auth.js';
import { SITE_READ } from './scope.js';
import { SigningUnavailableError } from './signing-keys.js';
import { InvalidTokenError } from './tokens.js';

/** The agent a valid access token identifies. */
export interface AuthenticatedAgent {
  /** The agent registration (`reg_…`). */
  readonly sub: string;
  readonly clientId: string;
  readonly scope: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `bearerAuthentication` when a valid access token came with the request. */
    agent?: AuthenticatedAgent;
  }
}

export type BearerResult =
  | { readonly kind: 'none' }
  | { readonly kind: 'agent'; readonly agent: AuthenticatedAgent }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'unavailable' };

export const INVALID_TOKEN_DESCRIPTION = 'The access token is invalid or expired';

/**
 * The `WWW-Authenticate` challenge of the contract: resource metadata and scope, plus the error
 * parts when a token was sent and refused.
 */
export function bearerChallenge(resourceMetadataUrl: string, invalidToken: boolean): string {
  const parts = [`resource_metadata="${resourceMetadataUrl}"`, `scope="${SITE_READ}"`];
  if (invalidToken) parts.push('error="invalid_token"', `error_description="${INVALID_TOKEN_DESCRIPTION}"`);
  return `Bearer ${parts.join(', ')}`;
}

/**
 * Reads `Authorization: Bearer …` (RFC 6750 §2.1; never a query parameter or form field). No
 * header, or another scheme, is no token: the request is anonymous. A bearer token must be an
 * access token of ours whose audience names `audience`; anything else is invalid, never
 * silently anonymous.
 */
export async function authenticateBearer(auth: AgentAuth, header: string | undefined, audience: readonly string[]): Promise<BearerResult> {
  if (header === undefined) return { kind: 'none' };
  const match = /^\s*(\S+)(?:\s+(.*))?$/.exec(header);
  if (!match || match[1]!.toLowerCase() !== 'bearer') return { kind: 'none' };
  const token = (match[2] ?? '').trim();
  if (!/^[A-Za-z0-9._~+/-]+=*$/.test(token)) return { kind: 'invalid' };
  try {
    const claims = await auth.tokens.verify('access', token, { audience });
    return { kind: 'agent', agent: { sub: String(claims.sub), clientId: String(claims.client_id), scope: String(claims.scope) } };
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      auth.logger.debug({ reason: error.reason }, 'rejected a bearer token');
      return { kind: 'invalid' };
    }
    if (error instanceof SigningUnavailableError) return { kind: 'unavailable' };
    throw error;
  }
}

export interface BearerResponses {
  /**
   * The token was refused: answer 401 with the challenge (in the surface's own error format),
   * or note it and call `next` to answer after the rate limit has counted the request.
   */
  invalid(req: Request, res: Response, challenge: string, next: NextFunction): void;
  /** The token cannot be checked now (no key): answer 503. */
  unavailable(req: Request, res: Response): void;
}

/**
 * Express middleware for a protected resource: sets `req.agent` for a valid token, lets
 * requests without a token through as anonymous, and answers invalid tokens with 401.
 */
export function bearerAuthentication(auth: AgentAuth, resource: { audience: readonly string[]; metadataUrl: string }, responses: BearerResponses): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    authenticateBearer(auth, req.headers.authorization, resource.audience).then((result) => {
      switch (result.kind) {
        case 'none':
          return next();
        case 'agent':
          req.agent = result.agent;
          res.vary('Authorization');
          return next();
        case 'invalid':
          return responses.invalid(req, res, bearerChallenge(resource.metadataUrl, true), next);
        case 'unavailable':
          return responses.unavailable(req, res);
      }
    }, next);
  };
}
