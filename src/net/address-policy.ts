import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses a scan may connect to. In production only public unicast addresses: a
 * scan must never reach this machine, the local network, a cloud metadata service or anything
 * that only exists behind our firewall. The test-only mode (SCAN_ALLOW_PRIVATE_TARGETS) adds
 * loopback and private ranges so that fixture sites on 127.0.0.1 can be scanned; link-local
 * (169.254.0.0/16, where metadata services live) stays refused even then.
 */
export interface AddressPolicy {
  readonly allowPrivate: boolean;
}

/** IPv6 global unicast space (2000::/3): anything outside it is not a public host. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Ranges the test-only mode adds. */
const PRIVATE_RANGES_FOR_TESTS: ReadonlySet<string> = new Set(['loopback', 'private', 'uniqueLocal']);

/**
 * True when a connection to `address` (an IP address as Node reports it, e.g. a socket's
 * remoteAddress or a DNS answer) is allowed. Anything that does not parse is refused.
 */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  const parsed = parseAddress(address);
  if (parsed === undefined) return false;
  const range = parsed.range();
  if (policy.allowPrivate && PRIVATE_RANGES_FOR_TESTS.has(range)) return true;
  if (range !== 'unicast') return false;
  // ipaddr.js calls every IPv6 address outside its special ranges "unicast", including
  // unallocated space and the deprecated IPv4-compatible form (::127.0.0.1).
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/**
 * Parses an IP address strictly (four dotted decimals, or IPv6 with an optional zone that is
 * then refused). An IPv4-mapped IPv6 address is judged as the IPv4 address it carries; the
 * other embeddings (NAT64, 6to4, Teredo) are special ranges and so refused.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (bare.includes('%')) return undefined;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!ipaddr.IPv6.isValid(bare)) return undefined;
  const v6 = ipaddr.IPv6.parse(bare);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/** True when `hostname` (as URL.hostname gives it) is an IP literal rather than a name. */
export function isIpLiteral(hostname: string): boolean {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare);
}
