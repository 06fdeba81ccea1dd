/**
 * State that several server instances must share: rate-limit and quota counters, single-use
 * codes, scan jobs. In memory by default (one instance); Redis when configured, so that limits
 * hold across instances. Keys are plain strings chosen by callers, namespaced by their first
 * segment (`rate:rest:ip:…`, `quota:inquiry:…`, `oauth:refresh-used:…`); values are strings
 * (callers serialise JSON themselves).
 *
 * Two kinds of keys. Keys under RATE_COUNTER_PREFIX are per-client rate counters: one per client
 * address or agent, so clients choose how many there are, and a store may drop them under
 * pressure (a dropped counter only gives that client a fresh window). Every other key is state
 * a security decision depends on (daily quotas, single-use and revocation markers, repeat
 * marks, scan jobs): it is kept until it expires, and when no room is left for a new one the
 * write fails with StoreFullError instead of forgetting an older one.
 */
export interface Store {
  /**
   * Adds `by` (default 1) to a counter. The counter's window starts at its first increment and
   * lasts `windowMs`; afterwards it starts again from zero (a fixed window).
   */
  increment(key: string, windowMs: number, by?: number): Promise<Counter>;
  /** Reads a counter without changing it (zero when it does not exist). */
  peekCounter(key: string): Promise<Counter>;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets the value only if the key does not exist; true when this call set it (single use). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and removes a value in one step, so only one caller ever gets it. */
  take(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Adds to several named counts kept under one key, in one step (a Redis hash: one round trip
   * for a whole batch), and keeps the key `ttlMs` from now. Insights write their daily
   * aggregates this way, so two instances' counts add up.
   */
  addCounts(key: string, counts: ReadonlyMap<string, number>, ttlMs: number): Promise<void>;
  /** The counts kept under `key` (empty when it does not exist). */
  readCounts(key: string): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export interface Counter {
  readonly value: number;
  /** Milliseconds until the window ends and the counter resets (0 when it does not exist). */
  readonly resetInMs: number;
}

/** Keys that start with this are rate counters, which a store may drop under pressure. */
export const RATE_COUNTER_PREFIX = 'rate:';

/** The store could not be reached; callers decide whether to fail open or closed. */
export class StoreUnavailableError extends Error {
  override readonly name: string = 'StoreUnavailableError';
}

/**
 * The store has no room for a new key it must not drop. A kind of StoreUnavailableError, so every
 * caller fails closed exactly as when the store cannot be reached.
 */
export class StoreFullError extends StoreUnavailableError {
  override readonly name = 'StoreFullError';
}
