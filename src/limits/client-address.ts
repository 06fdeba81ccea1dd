import ipaddr from 'ipaddr.js';

/**
 * The key under which a client address is limited. IPv4 addresses are keyed as they are, and
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as the IPv4 address it carries (CVE-2026-30827 put every
 * such client in one bucket). An IPv6 client usually controls a whole /64, so it is keyed by
 * its /64 prefix: rotating addresses inside it does not buy more requests.
 */
export function clientAddressKey(address: string | undefined): string {
  if (address === undefined || !ipaddr.isValid(address)) return 'unknown';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4);
  return `${parts.join(':')}::/64`;
}
