import { isAddressAllowed, isIpLiteral, type AddressPolicy } from './address-policy.js';
import type { HostResolver } from './resolver.js';

/** What the scan may reach: the address policy, plus which ports. */
export interface TargetRules extends AddressPolicy {
  /** Ports a URL may name; 'any' only in the test-only mode, where fixture sites listen on random ports. */
  readonly allowedPorts: readonly number[] | 'any';
}

export const PRODUCTION_PORTS: readonly number[] = [80, 443];

export type RefusalReason = 'invalid-url' | 'scheme' | 'credentials' | 'port' | 'ip-literal' | 'hostname' | 'address' | 'unresolvable';

/**
 * A URL the scan will not fetch. The message is safe to show to anyone: it names the rule that
 * was broken and never the addresses a name resolved to (which could map our network).
 */
export class TargetRefusal extends Error {
  override readonly name = 'TargetRefusal';
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** Names that always mean this machine or a local network, whatever DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/**
 * Checks everything about a URL that can be checked without the network: the scheme (http and
 * https only), no user name or password, the port, and the host. The URL is parsed with the
 * WHATWG parser first, so hex, octal, decimal and short IPv4 forms (0x7f000001, 2130706433,
 * 0177.0.0.1, 127.1) and full-width digits all arrive as one canonical address, which is then
 * judged. In production an IP literal or a local name is refused outright (a website is scanned
 * by its public name); in the test-only mode both are judged by the address they lead to.
 */
export function checkTargetUrl(input: string | URL, rules: TargetRules): URL {
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input.trim()) : new URL(input.href);
  } catch {
    throw new TargetRefusal('invalid-url', 'the address is not a valid URL: give the full address of the website, such as https://www.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetRefusal('scheme', `only http:// and https:// websites can be scanned, not ${url.protocol.slice(0, 20)}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TargetRefusal('credentials', 'the address must not contain a user name or password');
  }
  if (url.port !== '' && rules.allowedPorts !== 'any' && !rules.allowedPorts.includes(Number(url.port))) {
    throw new TargetRefusal('port', 'only websites on the standard ports can be scanned (80 for http, 443 for https)');
  }
  const hostname = url.hostname;
  if (isIpLiteral(hostname)) {
    if (!rules.allowPrivate) throw new TargetRefusal('ip-literal', "give the website's domain name, not an IP address");
    if (!isAddressAllowed(hostname, rules)) throw new TargetRefusal('address', 'this address does not lead to a public website');
    return url;
  }
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  // In the test-only mode local names (localhost) are allowed: the address they resolve to is still judged.
  if (rules.allowPrivate) return url;
  if (!name.includes('.') || LOCAL_NAME.test(name) || /^\d+$/.test(name.slice(name.lastIndexOf('.') + 1))) {
    throw new TargetRefusal('hostname', `${name.slice(0, 100)} is not a public domain name`);
  }
  return url;
}

/**
 * Resolves the URL's host and refuses it unless every address it resolves to is allowed (a
 * name that mixes a public and a private address is refused too). This is the early check that
 * gives a clear answer before a scan starts; the connection itself is checked again (see
 * guarded-agent.ts), because the answer may change by the time we connect.
 */
export async function checkTargetAddresses(url: URL, rules: TargetRules, resolver: HostResolver): Promise<void> {
  if (isIpLiteral(url.hostname)) return;
  let addresses;
  try {
    addresses = await resolver.resolve(url.hostname);
  } catch {
    throw new TargetRefusal('unresolvable', `the domain name ${url.hostname.slice(0, 100)} does not resolve: check the address`);
  }
  if (addresses.length === 0) {
    throw new TargetRefusal('unresolvable', `the domain name ${url.hostname.slice(0, 100)} does not resolve: check the address`);
  }
  if (!addresses.every((answer) => isAddressAllowed(answer.address, rules))) {
    throw new TargetRefusal('address', 'this address does not lead to a public website');
  }
}
