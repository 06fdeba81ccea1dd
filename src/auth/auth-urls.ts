/**
 * Every address of the authorization server and the protected resources, derived from the
 * public base URL. Tokens name these addresses (iss, aud), so they are computed in one place.
 */
export class AuthUrls {
  /** The authorization server's identifier (RFC 8414 `issuer`), also every token's `iss`. */
  readonly issuer: string;
  /** The protected resources (RFC 9728 `resource`): the whole site, the tool server and the REST API. */
  readonly siteResource: string;
  readonly mcpResource: string;
  readonly apiResource: string;

  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly registrationEndpoint: string;
  readonly agentRegistrationEndpoint: string;
  readonly claimEndpoint: string;
  readonly identityEndpoint: string;
  readonly jwksUri: string;
  readonly authorizationServerMetadata: string;

  constructor(publicBaseUrl: string) {
    const base = new URL(publicBaseUrl).origin;
    this.issuer = base;
    this.siteResource = base;
    this.mcpResource = `${base}/mcp`;
    this.apiResource = `${base}/api/v1`;
    this.authorizationEndpoint = `${base}/oauth/authorize/`;
    this.tokenEndpoint = `${base}/oauth/token/`;
    this.registrationEndpoint = `${base}/oauth/register/`;
    this.agentRegistrationEndpoint = `${base}/agent/auth/`;
    this.claimEndpoint = `${base}/agent/auth/claim/`;
    this.identityEndpoint = `${base}/agent/identity`;
    this.jwksUri = `${base}/.well-known/jwks.json`;
    this.authorizationServerMetadata = `${base}/.well-known/oauth-authorization-server`;
  }

  /** The RFC 9728 metadata address of a resource: the well-known segment goes between host and path. */
  resourceMetadataUrl(resource: string): string {
    const url = new URL(resource);
    const path = url.pathname === '/' ? '' : url.pathname;
    return `${url.origin}/.well-known/oauth-protected-resource${path}`;
  }

  /** The resources a client may name in `resource` (RFC 8707): the three our metadata describes. */
  get resources(): readonly string[] {
    return [this.siteResource, this.mcpResource, this.apiResource];
  }

  /**
   * The resource a client named, in our spelling, or undefined when it is not ours. Compared as
   * parsed URLs, so `https://host` and `https://host/` are the same resource.
   */
  knownResource(value: string): string | undefined {
    let href: string;
    try {
      const url = new URL(value);
      if (url.hash !== '' || url.search !== '') return undefined;
      href = url.href;
    } catch {
      return undefined;
    }
    return this.resources.find((resource) => new URL(resource).href === href || new URL(resource).href === href.replace(/\/$/, ''));
  }
}
