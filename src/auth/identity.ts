import type { Response } from 'express';
import type { AuthenticatedAgent } from './bearer.js';
import { AGENT_RATE_LIMIT } from '../limits/agent-rate-limit.js';

/** The contract's AgentIdentity. */
export interface AgentIdentity {
  authenticated: true;
  sub: string;
  scope: string;
  resource: string;
  rateLimit: { policy: string; limit: number; windowSeconds: number };
}

/**
 * The body of `GET /api/v1/identity` and `GET /agent/identity` for the agent a valid token
 * identifies. `resource` names the protected resource the request was made to; `limit` is the
 * agent's rate limit (600, or a per-IP limit configured higher).
 */
export function agentIdentity(agent: AuthenticatedAgent, resource: string, limit: number = AGENT_RATE_LIMIT.limit): AgentIdentity {
  return {
    authenticated: true,
    sub: agent.sub,
    scope: agent.scope,
    resource,
    rateLimit: { policy: AGENT_RATE_LIMIT.policy, limit, windowSeconds: AGENT_RATE_LIMIT.windowSeconds },
  };
}

/** Identity answers are per token: never stored by shared caches. */
export function sendIdentity(res: Response, identity: AgentIdentity): void {
  res.status(200).set('Cache-Control', 'no-store').vary('Authorization').json(identity);
}
