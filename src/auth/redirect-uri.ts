/**
 * Redirect URI rules (RFC 7591 registration, OAuth 2.1 §2.3 and §8.4, RFC 8252 for native
 * apps). A URI is accepted when it is https; http on a loopback host (localhost, 127.0.0.1,
 * [::1]); or a private-use app scheme (`com.example.app:/callback`, `cursor://…`). Never a
 * fragment, credentials, a wildcard, whitespace or control characters.
 */

export const MAX_REDIRECT_URIS = 10;
export const MAX_REDIRECT_URI_LENGTH = 2000;
/** All redirect URIs together; they travel inside the client id. */
export const MAX_REDIRECT_URIS_TOTAL_LENGTH = 4000;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Schemes that are not an app's own: browsers or the OS give them another meaning. */
const NOT_APP_SCHEMES = new Set([
  'javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'view-source:',
  'ftp:', 'ws:', 'wss:', 'mailto:', 'tel:', 'sms:', 'urn:', 'chrome:', 'intent:',
]);

/** Why a redirect URI is refused, or undefined when it is acceptable. */
export function redirectUriProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return 'must be a non-empty string';
  if (value.length > MAX_REDIRECT_URI_LENGTH) return `is longer than ${MAX_REDIRECT_URI_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return 'contains whitespace or control characters';
  if (value.includes('*')) return 'contains a wildcard; register each exact URI';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URI';
  }
  if (value.includes('#')) return 'has a fragment, which redirect URIs must not have';
  if (url.username !== '' || url.password !== '') return 'contains credentials';
  if (url.protocol === 'https:') return url.hostname === '' ? 'has no host' : undefined;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname) ? undefined : 'uses http on a host other than localhost, 127.0.0.1 or [::1]; use https';
  }
  if (NOT_APP_SCHEMES.has(url.protocol)) return `uses the ${url.protocol} scheme, which is not an app's own; use https, http on localhost, or a private app scheme`;
  return undefined;
}

/**
 * Whether `requested` (from an authorization or token request) is the registered `registered`.
 * Exact string comparison, with the single exception RFC 8252 §7.3 requires: for http on a
 * loopback IP literal, the port may differ, because native apps listen on a port the OS picks.
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(registered);
    b = new URL(requested);
  } catch {
    return false;
  }
  const loopbackIp = (url: URL) => url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]');
  if (!loopbackIp(a) || !loopbackIp(b) || redirectUriProblem(requested) !== undefined) return false;
  const withoutPort = (url: URL) => `${url.protocol}//${url.hostname}${url.pathname}${url.search}`;
  return a.hostname === b.hostname && withoutPort(a) === withoutPort(b) && requested === `${b.protocol}//${b.host}${b.pathname}${b.search}`;
}
