import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AGENT_RATE_LIMIT, hitAgentRateLimit } from '../limits/agent-rate-limit.js';
import type { Logger } from '../log/logger.js';
import type { Store } from '../store/store.js';
import { clientAddressKey } from '../limits/client-address.js';
import { hitRateLimit, type RateLimitState } from '../limits/rate-limit.js';

/**
 * The rate limit of /api/v1 and /agent/identity: a fixed window per subject, counted in the shared Store (so instances
 * sharing Redis share the quota). Every request under /api/v1 counts (a batch is one request;
 * CORS preflights do not count).
 *
 * The seam for the per-agent policy: the policy is chosen per request. A middleware that runs
 * before this one and validates a bearer token sets `res.locals[RATE_LIMIT_POLICY]` to
 * `agentRateLimitPolicy(sub)`; without it the per-IP policy applies. Nothing here changes.
 */
export interface RateLimitPolicy {
  /** The policy's name in RateLimit-Policy, e.g. "ip" or "agent". */
  readonly name: string;
  readonly quota: number;
  readonly windowSeconds: number;
  /** Store key of the subject's counter. */
  readonly key: string;
  /** How a request is counted when it is more than the one counter under `key`. */
  readonly hit?: (store: Store) => Promise<RateLimitState>;
}

/** `res.locals` key under which an earlier middleware may choose the policy for this request. */
export const RATE_LIMIT_POLICY = 'rateLimitPolicy';

/** The contract's per-IP quota; it can be configured (--rate-limit-per-minute). The agent quota is AGENT_RATE_LIMIT. */
export const IP_QUOTA = { quota: 120, windowSeconds: 60 } as const;

export function ipRateLimitPolicy(address: string | undefined, quota: number = IP_QUOTA.quota): RateLimitPolicy {
  const subject = clientAddressKey(address);
  return { name: 'ip', quota, windowSeconds: IP_QUOTA.windowSeconds, key: `rate:rest:ip:${subject}` };
}

/**
 * What a valid token allows: the agent quota, or the per-IP quota when configuration raised that
 * higher. A token raises a limit and never lowers it.
 */
export function agentQuota(ipQuota: number = IP_QUOTA.quota): number {
  return Math.max(AGENT_RATE_LIMIT.limit, ipQuota);
}

/**
 * The policy of a request with a valid token, keyed by the agent. Given the client address, the
 * request also counts against that address's ceiling for all its agents together
 * (src/limits/agent-rate-limit.ts), so registering many agents does not multiply the quota.
 * `ipQuota` is the configured per-IP quota (see agentQuota).
 */
export function agentRateLimitPolicy(agentSubject: string, ceiling?: { readonly address: string | undefined }, ipQuota: number = IP_QUOTA.quota): RateLimitPolicy {
  const quota = agentQuota(ipQuota);
  const policy = { name: AGENT_RATE_LIMIT.policy, quota, windowSeconds: AGENT_RATE_LIMIT.windowSeconds, key: `rate:rest:agent:${agentSubject}` };
  return ceiling === undefined ? policy : { ...policy, hit: (store: Store) => hitAgentRateLimit(store, agentSubject, ceiling.address, quota) };
}

/** The header values every answer under the limiter carries. */
export function policyHeaders(policy: RateLimitPolicy): Record<string, string> {
  return {
    'RateLimit-Policy': `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`,
    'X-RateLimit-Limit': String(policy.quota),
  };
}

export function stateHeaders(policy: RateLimitPolicy, state: RateLimitState): Record<string, string> {
  return {
    RateLimit: `"${policy.name}";r=${state.remaining};t=${state.resetSeconds}`,
    'X-RateLimit-Remaining': String(state.remaining),
  };
}

export type RefuseRequest = (req: Request, res: Response, retryAfterSeconds: number, policy: RateLimitPolicy) => void;

/**
 * Counts the request and sets the RateLimit headers; over the quota it calls `refuse` (a 429
 * Problem) instead of the next handler. When the store cannot be reached the request is let
 * through with the policy headers only: the API serves public, read-only content, and an outage
 * of the shared store must not take it down.
 */
export function rateLimit(ctx: { readonly config: { readonly rateLimitPerMinute: number }; readonly store: Store; readonly logger: Logger }, refuse: RefuseRequest): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const policy = (res.locals[RATE_LIMIT_POLICY] as RateLimitPolicy | undefined) ?? ipRateLimitPolicy(req.ip, ctx.config.rateLimitPerMinute);
    res.set(policyHeaders(policy));
    const counted = policy.hit
      ? policy.hit(ctx.store)
      : hitRateLimit(ctx.store, { key: policy.key, limit: policy.quota, windowMs: policy.windowSeconds * 1000, description: `${policy.quota} requests per ${policy.windowSeconds} s` });
    counted.then(
      (state) => {
        res.set(stateHeaders(policy, state));
        if (state.allowed) next();
        else refuse(req, res, state.resetSeconds, policy);
      },
      (error: unknown) => {
        ctx.logger.warn({ err: error }, 'rate limit store unavailable; letting the request through');
        next();
      },
    );
  };
}
