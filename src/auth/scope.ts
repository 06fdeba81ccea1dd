import { OAuthError } from './oauth-error.js';

/** The single scope: everything published. It unlocks nothing that is not public. */
export const SITE_READ = 'site:read';

/**
 * Checks a requested `scope` (RFC 6749 §3.3: space-separated). Only `site:read` exists, so a
 * request for anything else is `invalid_scope`; asking for nothing gets `site:read`.
 */
export function grantedScope(requested: string | undefined): string {
  if (requested === undefined) return SITE_READ;
  const unknown = requested.split(' ').filter((item) => item !== '' && item !== SITE_READ);
  if (unknown.length > 0) {
    throw new OAuthError('invalid_scope', `Unknown scope ${unknown.map((item) => JSON.stringify(item)).join(', ')}: the only scope is "${SITE_READ}".`);
  }
  return SITE_READ;
}
