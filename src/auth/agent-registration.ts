import type { Request, Response } from 'express';
import type { AgentAuth } from './agent-auth.js';
import { enforceEndpointLimit } from './endpoint-limits.js';
import { OAuthError } from './oauth-error.js';
import { SITE_READ } from './scope.js';

/**
 * `POST /agent/auth/`: anonymous agent registration (auth.md). Nothing personal is asked for
 * and nothing is stored: the answer is a set of signed tokens for a new registration id. It
 * carries both auth.md designs at once, as the contract lists both: an access token
 * (`credential`, usable at once) and an identity assertion to exchange at the token endpoint
 * for fresh access tokens for 30 days.
 */
export function agentRegistrationHandler(auth: AgentAuth) {
  return async (req: Request, res: Response): Promise<void> => {
    checkRegistrationRequest(req.body);
    await enforceEndpointLimit(auth, 'agentRegistration', req.ip);

    const registrationId = auth.newRegistrationId();
    const claims = { sub: registrationId, client_id: registrationId };
    const [credential, assertion, claimToken] = await Promise.all([
      auth.sign('access', { ...claims, scope: SITE_READ }),
      auth.sign('identityAssertion', { ...claims, registration_type: 'anonymous', scope: SITE_READ }),
      auth.sign('claim', { sub: registrationId }),
    ]);
    auth.logger.info({ registrationId }, 'anonymous agent registered');
    res
      .status(200)
      .set('Cache-Control', 'no-store')
      .json({
        registration_id: registrationId,
        registration_type: 'anonymous',
        credential_type: 'access_token',
        credential: credential.token,
        credential_expires: isoSeconds(credential.expiresAt!),
        scopes: [SITE_READ],
        identity_assertion: assertion.token,
        assertion_expires: isoSeconds(assertion.expiresAt!),
        pre_claim_scopes: [SITE_READ],
        claim_url: auth.urls.claimEndpoint,
        claim_token: claimToken.token,
        claim_token_expires: isoSeconds(claimToken.expiresAt!),
        post_claim_scopes: [SITE_READ],
      });
  };
}

/**
 * `POST /agent/auth/claim/`: claiming changes nothing here (no accounts, one scope), so a valid
 * claim token is answered `claimed` at once, every time it is presented; e-mail addresses and
 * any other fields of the body are ignored, never read or logged.
 */
export function claimHandler(auth: AgentAuth) {
  return async (req: Request, res: Response): Promise<void> => {
    const body = req.body as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new OAuthError('invalid_request', 'Send a JSON object such as {"claim_token": "<the claim_token from registration>"}.');
    }
    const token = (body as Record<string, unknown>).claim_token;
    if (typeof token !== 'string' || token === '') {
      throw new OAuthError('invalid_request', 'claim_token is required: the claim_token that POST /agent/auth/ returned.');
    }
    await enforceEndpointLimit(auth, 'claim', req.ip);
    const claims = await auth.verifyOr(
      'claim',
      token,
      new OAuthError('invalid_claim_token', 'The claim token is wrong or expired (it is valid for 24 hours). Register again to get a new one.'),
    );
    res.status(200).set('Cache-Control', 'no-store').json({ status: 'claimed', registration_id: claims.sub });
  };
}

/** The registration types of auth.md we do not offer each have their own error code. */
function checkRegistrationRequest(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_request', 'Send a JSON object: {"type": "anonymous"} (Content-Type: application/json).');
  }
  const fields = body as Record<string, unknown>;
  switch (fields.type) {
    case 'anonymous':
      break;
    case 'identity_assertion':
      if (fields.assertion_type === 'verified_email') {
        throw new OAuthError('verified_email_not_enabled', 'Verified e-mail registration is not offered: register with {"type": "anonymous"}.');
      }
      throw new OAuthError('issuer_not_enabled', 'Identity assertions from other issuers are not accepted: register with {"type": "anonymous"}.');
    case 'verified_email':
      throw new OAuthError('verified_email_not_enabled', 'Verified e-mail registration is not offered: register with {"type": "anonymous"}.');
    case 'service_auth':
      throw new OAuthError('service_auth_not_enabled', 'Service auth is not offered: register with {"type": "anonymous"}.');
    default:
      throw new OAuthError('invalid_request', 'type must be "anonymous", the only registration type offered.');
  }
  const credentialType = fields.requested_credential_type;
  if (credentialType !== undefined && credentialType !== 'access_token') {
    throw new OAuthError('unsupported_credential_type', 'Only access tokens are issued: omit requested_credential_type or set it to "access_token".');
  }
}

/** ISO 8601 in whole seconds, as tokens count time. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
