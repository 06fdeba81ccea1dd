import type { LookupAddress } from 'node:dns';
import tls from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { isAddressAllowed, type AddressPolicy } from './address-policy.js';
import type { HostResolver } from './resolver.js';

/**
 * A connection was refused because of where it would go. Carries no address: the fetcher turns
 * it into a generic "not a public website" answer.
 */
/** Error codes the fetcher recognises on the cause chain. */
export const BLOCKED_ADDRESS_CODE = 'SCAN_BLOCKED_ADDRESS';
export const LOOKUP_TIMEOUT_CODE = 'SCAN_LOOKUP_TIMEOUT';

export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
  readonly code = BLOCKED_ADDRESS_CODE;
  constructor() {
    super('connection refused by the scan address policy');
  }
}

/** The name did not resolve in time (a DNS tarpit must not hold a scan). */
export class LookupTimeoutError extends Error {
  override readonly name = 'LookupTimeoutError';
  readonly code = LOOKUP_TIMEOUT_CODE;
  constructor() {
    super('name lookup timed out');
  }
}

export interface GuardedAgentOptions {
  readonly policy: AddressPolicy;
  readonly resolver: HostResolver;
  readonly connectTimeoutMs: number;
  /** Upper bound for waiting on headers and between body chunks (the fetcher also has a total deadline). */
  readonly responseTimeoutMs: number;
  /** Extra CA (PEM) trusted on top of Node's root certificates (tests only). */
  readonly trustedCa?: string;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The undici dispatcher every scan request goes through. Two checks, because either alone can
 * be bypassed (security.md §1.6, verified):
 * 1. `lookup`: every address a name resolves to must be allowed, before any connection is
 *    made. Node skips `lookup` for IP literals, so this cannot be the only check.
 * 2. `connect`: after the socket connects, its `remoteAddress` (the address actually reached)
 *    must be allowed, or the socket is destroyed before a single byte of HTTP is written. This
 *    catches IP literals in any spelling, redirects to them, and a DNS answer that changed
 *    between our early check and the connection (rebinding).
 */
export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  const lookup = guardedLookup(options);
  // Built once: passing `ca` per connection would parse every root certificate on each handshake.
  const secureContext = options.trustedCa === undefined ? undefined : tls.createSecureContext({ ca: [...tls.rootCertificates, options.trustedCa] });
  const connector = buildConnector({ timeout: options.connectTimeoutMs, lookup, ...(secureContext === undefined ? {} : { secureContext }) } as buildConnector.BuildOptions);
  return new Agent({
    connect(connectOptions, callback) {
      connector(connectOptions, (error, socket) => {
        if (error !== null) {
          callback(error, null);
          return;
        }
        const remote = socket.remoteAddress;
        if (remote === undefined || !isAddressAllowed(remote, options.policy)) {
          socket.destroy();
          callback(new BlockedAddressError(), null);
          return;
        }
        callback(null, socket);
      });
    },
    headersTimeout: options.responseTimeoutMs,
    bodyTimeout: options.responseTimeoutMs,
    // One scan talks to one site a handful of times: keep connections briefly, then let go.
    keepAliveTimeout: 2_000,
    connections: 4,
  });
}

/** A `net.connect` lookup function that answers from the resolver and refuses disallowed answers. */
function guardedLookup(options: GuardedAgentOptions) {
  return (hostname: string, lookupOptions: { family?: number | string; all?: boolean }, callback: LookupCallback): void => {
    let settled = false;
    const finish = (error: NodeJS.ErrnoException | null, answers?: readonly { address: string; family: 4 | 6 }[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error !== null || answers === undefined) {
        callback(error ?? new BlockedAddressError(), '', 0);
        return;
      }
      const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? answers.filter((answer) => answer.family === lookupOptions.family) : answers;
      if (wanted.length === 0) {
        const notFound: NodeJS.ErrnoException = Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        callback(notFound, '', 0);
        return;
      }
      if (lookupOptions.all === true) callback(null, wanted.map((answer) => ({ address: answer.address, family: answer.family })));
      else callback(null, wanted[0]!.address, wanted[0]!.family);
    };
    const timer = setTimeout(() => finish(new LookupTimeoutError()), options.connectTimeoutMs);
    options.resolver.resolve(hostname).then(
      (answers) => {
        if (!answers.every((answer) => isAddressAllowed(answer.address, options.policy))) finish(new BlockedAddressError());
        else finish(null, answers);
      },
      (error: unknown) => finish(error instanceof Error ? (error as NodeJS.ErrnoException) : new Error('lookup failed')),
    );
  };
}
