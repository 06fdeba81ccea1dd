import { promises as dns } from 'node:dns';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Turns a host name into addresses. The scan asks it before a scan starts (to refuse names
 * that point inside our network) and again for every connection; tests inject one that
 * answers from a table, to play a public name that resolves to a private address, or a name
 * whose answer changes between two lookups (DNS rebinding).
 */
export interface HostResolver {
  resolve(hostname: string): Promise<readonly ResolvedAddress[]>;
}

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), every address of the name. */
export const systemResolver: HostResolver = {
  async resolve(hostname) {
    const answers = await dns.lookup(hostname, { all: true, verbatim: true });
    return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
  },
};
