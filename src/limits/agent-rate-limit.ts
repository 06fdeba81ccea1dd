import { clientAddressKey } from './client-address.js';
import { MINUTE_MS, type LimitRule } from './limit-rule.js';
import { hitRateLimit, type RateLimitState } from './rate-limit.js';
import type { Store } from '../store/store.js';

/**
 * The contract's per-agent limit: a valid token raises the REST limit from 120 to 600 requests
 * per 60 s, counted per agent registration (the token's `sub`).
 *
 * Registering many anonymous agents from one address must not multiply what that address can
 * do, so every authenticated request also counts against a ceiling per client address of the
 * same 600 per 60 s: a token lifts an address from 120 to 600, never further, however many
 * agents it registers. (Registrations themselves are limited per address: src/auth/endpoint-limits.ts.)
 *
 * The one definition of the agent quota: the REST and /agent/identity limiter
 * (src/web/rate-limit.ts), the identity answer and the API documents all read it here.
 */
export const AGENT_RATE_LIMIT = { policy: 'agent', limit: 600, windowSeconds: 60 } as const;

/** All authenticated requests from one client address together (see above). */
export const AGENT_ADDRESS_CEILING = 600;

/**
 * Counts one authenticated request against its agent's limit and its address's ceiling. It is
 * allowed only when both have room; `remaining` is the smaller remainder, and a refusal says
 * when the refusing window ends. A store failure is thrown (the caller decides to fail open).
 * `limit` is both the agent's limit and the ceiling: 600, or a per-IP limit configured higher.
 */
export async function hitAgentRateLimit(store: Store, sub: string, clientIp: string | undefined, limit: number = AGENT_RATE_LIMIT.limit): Promise<RateLimitState> {
  const ceiling = Math.max(AGENT_ADDRESS_CEILING, limit);
  const agentRule: LimitRule = {
    key: `rate:rest:agent:${sub}`,
    limit,
    windowMs: AGENT_RATE_LIMIT.windowSeconds * 1000,
    description: `${limit} requests per minute per agent`,
  };
  const addressRule: LimitRule = {
    key: `rate:rest:agent-address:${clientAddressKey(clientIp)}`,
    limit: ceiling,
    windowMs: MINUTE_MS,
    description: `${ceiling} requests per minute for all agents of one address`,
  };
  const states = await Promise.all([hitRateLimit(store, agentRule), hitRateLimit(store, addressRule)]);
  const refusing = states.filter((state) => !state.allowed);
  const tightest = states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  return {
    allowed: refusing.length === 0,
    limit,
    remaining: tightest.remaining,
    resetSeconds: refusing.length > 0 ? Math.max(...refusing.map((state) => state.resetSeconds)) : tightest.resetSeconds,
  };
}
