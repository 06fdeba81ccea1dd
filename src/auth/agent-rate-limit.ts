/**
 * The contract's per-agent limit: a valid token raises the REST limit from 120 to 600 requests
 * per 60 s, counted per agent registration (the token's `sub`).
 *
 * Registering many anonymous agents from one address must not multiply what that address can
 * do, so every agent seen from one address also counts against a shared ceiling of the same
 * 600 per 60 s: a token lifts an address from 120 to 600, never further, however many agents
 * it registers. (Registrations are themselves limited per address; see endpoint-limits.ts.)
 */
export const AGENT_RATE_LIMIT = { policy: 'agent', limit: 600, windowSeconds: 60 } as const;

/** All authenticated requests from one address together: see above. */
export const AGENT_ADDRESS_CEILING = 600;
