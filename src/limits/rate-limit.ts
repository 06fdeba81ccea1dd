import type { Store } from '../store/store.js';
import type { LimitRule } from './limit-rule.js';

export interface RateLimitState {
  readonly allowed: boolean;
  readonly limit: number;
  /** Requests left in this window (never negative). */
  readonly remaining: number;
  /** Whole seconds until the window resets (at least 1 while the window runs). */
  readonly resetSeconds: number;
}

/**
 * Counts one request against a fixed-window rate limit and says whether it may proceed. Every
 * request counts, refused ones included, so hammering past the limit does not reopen the window.
 * A store failure is thrown: the caller decides whether to fail open.
 */
export async function hitRateLimit(store: Store, rule: LimitRule): Promise<RateLimitState> {
  const counter = await store.increment(rule.key, rule.windowMs);
  return {
    allowed: counter.value <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(rule.limit - counter.value, 0),
    resetSeconds: Math.max(Math.ceil(counter.resetInMs / 1000), 1),
  };
}
