import type { Response } from 'express';

/**
 * The error codes of the registration, authorization and token endpoints (RFC 6749 §5.2,
 * RFC 7591 §3.2.2, RFC 8707, and the auth.md registration codes of the contract), with their
 * HTTP status.
 */
export const OAUTH_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  unsupported_response_type: 400,
  access_denied: 403,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
  issuer_not_enabled: 400,
  verified_email_not_enabled: 400,
  service_auth_not_enabled: 400,
  unsupported_credential_type: 400,
  invalid_claim_token: 400,
  rate_limited: 429,
  temporarily_unavailable: 503,
  server_error: 500,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERROR_STATUS;

/** A failure of an authorization-server endpoint, answered as `{error, error_description}`. */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    /** Shown to the client as `error_description`: say what is wrong and how to fix it. */
    readonly description: string,
    readonly retryAfterSeconds?: number,
    /** Only where HTTP says more than the code's status: 413 and 415 for an unreadable body. */
    status: number = OAUTH_ERROR_STATUS[code],
  ) {
    super(`${code}: ${description}`);
    this.status = status;
  }
}

/** Seconds a client is told to wait when signing is impossible. */
export const UNAVAILABLE_RETRY_SECONDS = 60;

export function temporarilyUnavailable(): OAuthError {
  return new OAuthError(
    'temporarily_unavailable',
    'Authorization is temporarily unavailable. Everything that needs no token keeps working; try again later.',
    UNAVAILABLE_RETRY_SECONDS,
  );
}

export function sendOAuthError(res: Response, error: OAuthError): void {
  res.status(error.status).set('Cache-Control', 'no-store');
  if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
  res.json({ error: error.code, error_description: error.description });
}
