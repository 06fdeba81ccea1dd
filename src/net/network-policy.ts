import type { HostResolver } from './resolver.js';
import { checkTargetAddresses, checkTargetUrl, PRODUCTION_PORTS, type TargetRules } from './target.js';

/**
 * Where this process may reach, built once from the configuration: the target rules (public
 * hosts on ports 80 and 443; loopback and any port only in the test-only mode) and the
 * resolver. Every job that reaches other hosts opens its own session from it (session.ts:
 * kept apart so that this file loads no HTTP client); the session holds the job's budget,
 * concurrency and abort signal, and returns failures as reason codes that each caller words
 * for its own users.
 */
export class NetworkPolicy {
  constructor(
    readonly rules: TargetRules,
    readonly resolver: HostResolver,
  ) {}

  /** Production rules, or the test-only rules when `allowPrivate` (SCAN_ALLOW_PRIVATE_TARGETS) is on. */
  static create(allowPrivate: boolean, resolver: HostResolver): NetworkPolicy {
    return new NetworkPolicy(allowPrivate ? { allowPrivate: true, allowedPorts: 'any' } : { allowPrivate: false, allowedPorts: PRODUCTION_PORTS }, resolver);
  }

  /**
   * The early check before a job starts: the URL's form, then every address its host resolves
   * to. Throws a TargetRefusal (with a reason code). Connections are checked again when made.
   */
  async checkTarget(input: string | URL): Promise<URL> {
    const url = checkTargetUrl(input, this.rules);
    await checkTargetAddresses(url, this.rules, this.resolver);
    return url;
  }
}
