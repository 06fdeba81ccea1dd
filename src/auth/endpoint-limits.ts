import { clientAddressKey } from '../limits/client-address.js';
import { MINUTE_MS, type LimitRule } from '../limits/limit-rule.js';
import { hitRateLimit } from '../limits/rate-limit.js';
import { StoreUnavailableError } from '../store/store.js';
import type { AgentAuth } from './agent-auth.js';
import { OAuthError } from './oauth-error.js';

/**
 * Per-address limits of the authorization-server endpoints, each per 60 s so that the
 * contract's "rate_limited: wait 60 seconds" always holds. Registration is cheap for us (it
 * stores nothing) but each one mints a new agent, so it is the tightest; the token endpoint
 * serves refreshes and assertion exchanges of many agents behind one address.
 */
export const ENDPOINT_LIMITS = {
  agentRegistration: { limit: 10, what: 'anonymous registrations' },
  clientRegistration: { limit: 10, what: 'client registrations' },
  claim: { limit: 30, what: 'claims' },
  token: { limit: 60, what: 'token requests' },
  authorize: { limit: 60, what: 'authorization requests' },
} as const;

export type EndpointName = keyof typeof ENDPOINT_LIMITS;

/**
 * Counts one request from `clientIp` against the endpoint's limit; over it, `rate_limited`
 * (429) with the seconds left in the window. When the store cannot be reached the request is
 * let through: registration and token exchange store nothing that a missed count could harm,
 * and an outage of the limit store should not lock every agent out.
 */
export async function enforceEndpointLimit(auth: AgentAuth, endpoint: EndpointName, clientIp: string | undefined): Promise<void> {
  const { limit, what } = ENDPOINT_LIMITS[endpoint];
  const rule: LimitRule = {
    key: `rate:auth:${endpoint}:${clientAddressKey(clientIp)}`,
    limit,
    windowMs: MINUTE_MS,
    description: `${limit} ${what} per address per minute`,
  };
  try {
    const state = await hitRateLimit(auth.store, rule);
    if (!state.allowed) {
      throw new OAuthError('rate_limited', `Too many ${what} from your address (${rule.description}). Wait ${state.resetSeconds} seconds.`, state.resetSeconds);
    }
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    auth.logger.warn({ endpoint }, 'rate limit store unavailable; letting the request through');
  }
}
