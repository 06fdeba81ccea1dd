/**
 * State that several server instances must share: rate-limit and quota counters, single-use
 * codes, scan jobs. In memory by default (one instance); Redis when configured, so that limits
 * hold across instances. Keys are plain strings chosen by callers, namespaced by their first
 * segment (`rate:ip:…`, `code:…`); values are strings (callers serialise JSON themselves).
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
  close(): Promise<void>;
}

export interface Counter {
  readonly value: number;
  /** Milliseconds until the window ends and the counter resets (0 when it does not exist). */
  readonly resetInMs: number;
}

/** The store could not be reached; callers decide whether to fail open or closed. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}
