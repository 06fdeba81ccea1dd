import type { AuthUrls } from './auth-urls.js';
import { SITE_READ } from './scope.js';
import { SUPPORTED_GRANT_TYPES } from './token-endpoint.js';

/** RFC 9728 protected resource metadata for one of our resources. */
export function protectedResourceMetadata(urls: AuthUrls, resource: string, name: string) {
  return {
    resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [SITE_READ],
    bearer_methods_supported: ['header'],
    resource_name: name,
  };
}

/**
 * RFC 8414 authorization server metadata, with the `agent_auth` block of auth.md that tells an
 * agent how to register without a person. The block names its endpoints in the spelling of both
 * auth.md designs (`register_uri`/`claim_uri` and `registration_endpoint`/`claim_endpoint`).
 */
export function authorizationServerMetadata(urls: AuthUrls) {
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorizationEndpoint,
    token_endpoint: urls.tokenEndpoint,
    registration_endpoint: urls.registrationEndpoint,
    jwks_uri: urls.jwksUri,
    scopes_supported: [SITE_READ],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [...SUPPORTED_GRANT_TYPES],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    agent_auth: {
      register_uri: urls.agentRegistrationEndpoint,
      registration_endpoint: urls.agentRegistrationEndpoint,
      claim_uri: urls.claimEndpoint,
      claim_endpoint: urls.claimEndpoint,
      token_endpoint: urls.tokenEndpoint,
      identity_endpoint: urls.identityEndpoint,
      identity_types_supported: ['anonymous'],
      anonymous: { credential_types_supported: ['access_token'] },
      credential_types_supported: ['access_token'],
      scopes_supported: [SITE_READ],
    },
  };
}
