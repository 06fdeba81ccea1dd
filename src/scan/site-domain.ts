import { getDomain } from 'tldts';

/**
 * The site a host belongs to: its registrable domain by the Public Suffix List (tldts), private
 * suffixes included, so `sklep.waw.pl` and `inny.waw.pl` are two sites and so are
 * `acme.github.io` and `evil.github.io`; `www.firma.com.pl` and `mcp.firma.com.pl` are one. A
 * host with no registrable domain (an IP address, `localhost`) is its own site.
 */
export function siteOfHost(host: string): string {
  const name = host.toLowerCase().replace(/\.$/, '');
  return getDomain(name, { allowPrivateDomains: true }) ?? name.replace(/^www\./, '');
}
