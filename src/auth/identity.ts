import type { Request, Response } from 'express';
import { AGENT_RATE_LIMIT } from './agent-rate-limit.js';

/** The contract's AgentIdentity. */
export interface AgentIdentity {
  authenticated: true;
  sub: string;
  scope: string;
  resource: string;
  rateLimit: { policy: string; limit: number; windowSeconds: number };
}

/**
 * The body of `GET /api/v1/identity` and `GET /agent/identity` for the agent that
 * `bearerAuthentication` found; undefined without one. `resource` names the protected resource
 * the request was made to.
 */
export function agentIdentity(req: Request, resource: string): AgentIdentity | undefined {
  const agent = req.agent;
  if (agent === undefined) return undefined;
  return {
    authenticated: true,
    sub: agent.sub,
    scope: agent.scope,
    resource,
    rateLimit: { policy: AGENT_RATE_LIMIT.policy, limit: AGENT_RATE_LIMIT.limit, windowSeconds: AGENT_RATE_LIMIT.windowSeconds },
  };
}

/** Identity answers are per token: never stored by shared caches. */
export function sendIdentity(res: Response, identity: AgentIdentity): void {
  res.status(200).set('Cache-Control', 'no-store').vary('Authorization').json(identity);
}
