import { describe, expect, it } from 'vitest';
import { isAddressAllowed } from '../../src/net/address-policy.js';

const production = { allowPrivate: false };
const testMode = { allowPrivate: true };

describe('which addresses a scan may connect to', () => {
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e', '::ffff:8.8.8.8'])('allows the public unicast address %s', (address) => {
    expect(isAddressAllowed(address, production)).toBe(true);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, elsewhere in 127/8', '127.2.2.2'],
    ['unspecified', '0.0.0.0'],
    ['"this network"', '0.1.2.3'],
    ['IPv6 unspecified', '::'],
    ['IPv6 loopback', '::1'],
    ['cloud metadata (link-local)', '169.254.169.254'],
    ['AWS IPv6 metadata (unique local)', 'fd00:ec2::254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['private 10/8', '10.0.0.1'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 172.16/12, upper end', '172.31.255.254'],
    ['private 192.168/16', '192.168.1.1'],
    ['unique local fc00::/7', 'fc00::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['multicast', '224.0.0.1'],
    ['IPv6 multicast', 'ff02::1'],
    ['broadcast', '255.255.255.255'],
    ['documentation range', '192.0.2.10'],
    ['reserved 240/4', '240.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['NAT64 of metadata', '64:ff9b::a9fe:a9fe'],
    ['NAT64 local-use prefix', '64:ff9b:1::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['IPv4-compatible loopback (deprecated)', '::7f00:1'],
    ['IPv6 outside global unicast space', '4000::1'],
    ['IPv6 with a zone', 'fe80::1%eth0'],
    ['something that is not an address', 'localhost'],
    ['a short IPv4 form', '127.1'],
    ['a hex IPv4 form', '0x7f000001'],
  ])('refuses %s (%s)', (_name, address) => {
    expect(isAddressAllowed(address, production)).toBe(false);
  });

  it('allows loopback and private ranges in the test-only mode, for fixture sites', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isAddressAllowed(address, testMode), address).toBe(true);
    }
  });

  it('still refuses link-local (metadata), multicast and unspecified addresses in the test-only mode', () => {
    for (const address of ['169.254.169.254', 'fe80::1', '224.0.0.1', '0.0.0.0', '::', '100.64.0.1']) {
      expect(isAddressAllowed(address, testMode), address).toBe(false);
    }
  });
});
