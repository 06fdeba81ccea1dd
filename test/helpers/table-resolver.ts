import ipaddr from 'ipaddr.js';
import type { HostResolver, ResolvedAddress } from '../../src/net/resolver.js';

/**
 * A DNS that answers from a table: the outside world for tests, which must never send a packet
 * anywhere but loopback. A name maps to its addresses, or to a list of answers given one per
 * lookup (the last repeats): `[['93.184.215.14'], ['127.0.0.1']]` is DNS rebinding. A name
 * missing from the table does not resolve; 'never' never answers (a DNS tarpit).
 */
export class TableResolver implements HostResolver {
  readonly lookups: string[] = [];

  constructor(private readonly table: Record<string, readonly string[] | readonly (readonly string[])[] | 'never'>) {}

  async resolve(hostname: string): Promise<readonly ResolvedAddress[]> {
    const count = this.lookups.filter((name) => name === hostname).length;
    this.lookups.push(hostname);
    const entry = this.table[hostname];
    if (entry === 'never') return new Promise(() => {});
    if (entry === undefined) throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const answers = (Array.isArray(entry[0]) ? (entry as readonly (readonly string[])[]) : [entry as readonly string[]]);
    const answer = answers[Math.min(count, answers.length - 1)]!;
    // Safety net: only a name's first lookup (the early check before a scan) may return a
    // public address. Later lookups are made to connect, and no test may connect off loopback.
    if (count > 0 && answer.some((address) => isPublic(address))) {
      throw new Error(`TableResolver: refusing to hand out a public address for ${hostname} on a lookup made to connect`);
    }
    return answer.map((address) => ({ address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 }));
  }
}

function isPublic(address: string): boolean {
  return ipaddr.parse(address).range() === 'unicast';
}

/** A public address used only as a DNS answer: tests never connect to it (the checks refuse first). */
export const PUBLIC_ADDRESS = '93.184.215.14';
