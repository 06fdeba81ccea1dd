import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../../errors.js';
import { clientAddressKey } from '../../limits/client-address.js';
import { MINUTE_MS } from '../../limits/limit-rule.js';
import { hitRateLimit } from '../../limits/rate-limit.js';
import type { Logger } from '../../log/logger.js';
import type { Store } from '../../store/store.js';

/** The REST API's budget for a client without a token: /ask is the same kind of read. */
export const ASK_RATE_LIMIT = { limit: 120, windowMs: MINUTE_MS } as const;
const POLICY = `"ip";q=${ASK_RATE_LIMIT.limit};w=${ASK_RATE_LIMIT.windowMs / 1000}`;

/**
 * Counts each question against its client address (shared across instances through the
 * store) and refuses past the limit with `rate-limited` and Retry-After. Answering reads only
 * published pages, so when the store cannot be reached the question is answered anyway.
 */
export function askRateLimit(ctx: { readonly store: Store; readonly logger: Logger }): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    let state;
    try {
      state = await hitRateLimit(ctx.store, {
        key: `rate:ask:ip:${clientAddressKey(req.ip)}`,
        ...ASK_RATE_LIMIT,
        description: `${ASK_RATE_LIMIT.limit} questions per minute per client address`,
      });
    } catch (error) {
      ctx.logger.warn({ err: error }, 'ask: rate limit not checked, the store is unreachable');
      next();
      return;
    }
    res.set({ 'RateLimit-Policy': POLICY, RateLimit: `"ip";r=${state.remaining};t=${state.resetSeconds}` });
    if (state.allowed) {
      next();
      return;
    }
    res.set('Retry-After', String(state.resetSeconds));
    next(
      new AppError('rate-limited', `Too many questions: at most ${ASK_RATE_LIMIT.limit} per minute from one address. Try again in ${state.resetSeconds} seconds.`, {
        retryAfterSeconds: state.resetSeconds,
      }),
    );
  };
}
