import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { StoreUnavailableError, type Store } from '../store/store.js';
import type { LimitRule } from './limit-rule.js';

/**
 * Takes one unit from each of several quotas (per address, per e-mail, in total), or none: a
 * refused call must not use up the other quotas. All counters are read first; only when every
 * one has room are they incremented. Two concurrent calls can both pass the read and overshoot a
 * quota by one; an increment that lands over the limit is then refused too, so a quota is never
 * exceeded by more than the calls racing at its edge.
 *
 * Refusals are `quota-exceeded` errors naming the limit and when to try again. When the store
 * cannot be reached the call is refused (`unavailable`): a quota that cannot be checked is not
 * enforced, and these quotas guard sending e-mail and fetching other sites.
 */
export async function consumeQuotas(store: Store, clock: Clock, rules: readonly LimitRule[]): Promise<void> {
  await checkQuotas(store, clock, rules);
  try {
    const after = await Promise.all(rules.map((rule) => store.increment(rule.key, rule.windowMs)));
    const over = rules.map((rule, index) => ({ rule, counter: after[index]! })).filter(({ rule, counter }) => counter.value > rule.limit);
    if (over.length > 0) throw refusal(over.map(({ rule, counter }) => ({ rule, resetInMs: counter.resetInMs })), clock);
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      throw new AppError('unavailable', 'Limits cannot be checked right now, so nothing was done. Try again in a minute.', { retryAfterSeconds: 60, cause: error });
    }
    throw error;
  }
}

/**
 * Refuses, as consumeQuotas would, when any of the quotas is already used up, without taking
 * anything: for work that is charged only once it turns out to be worth it (a scan is charged
 * once the site's home page could be read).
 */
export async function checkQuotas(store: Store, clock: Clock, rules: readonly LimitRule[]): Promise<void> {
  try {
    const counters = await Promise.all(rules.map((rule) => store.peekCounter(rule.key)));
    const full = rules.map((rule, index) => ({ rule, counter: counters[index]! })).filter(({ rule, counter }) => counter.value >= rule.limit);
    if (full.length > 0) throw refusal(full.map(({ rule, counter }) => ({ rule, resetInMs: counter.resetInMs })), clock);
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      throw new AppError('unavailable', 'Limits cannot be checked right now, so nothing was done. Try again in a minute.', { retryAfterSeconds: 60, cause: error });
    }
    throw error;
  }
}

function refusal(full: readonly { rule: LimitRule; resetInMs: number }[], clock: Clock): AppError {
  const waitMs = Math.max(...full.map(({ resetInMs }) => resetInMs), 1000);
  const retryAfterSeconds = Math.ceil(waitMs / 1000);
  const when = new Date(clock.now() + waitMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const limits = full.map(({ rule }) => rule.description).join('; ');
  return new AppError('quota-exceeded', `Limit reached (${limits}). Try again after ${when}.`, { retryAfterSeconds, extra: { retryAt: when } });
}
