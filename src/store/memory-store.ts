import type { Clock } from '../clock.js';
import { KeySpace } from './key-space.js';
import { RATE_COUNTER_PREFIX, type Counter, type Store } from './store.js';

/** Bounds memory when keys come from clients (IP addresses, agent ids). About 200 bytes a key. */
export interface MemoryStoreLimits {
  /** Rate counters kept before the oldest are dropped. */
  readonly rateCounters: number;
  /** Security state (quotas, single-use and revocation markers, …) kept before writes are refused. */
  readonly securityState: number;
}

const DEFAULT_LIMITS: MemoryStoreLimits = { rateCounters: 100_000, securityState: 100_000 };

/**
 * The single-instance store. Rate counters and security state live in separate spaces, so that
 * traffic (every new client address makes a rate counter) can never push out a daily quota or a
 * revocation marker: a flood of clients drops only the oldest rate counters, and security state
 * leaves only by expiring (see Store for the two kinds of keys).
 */
export class MemoryStore implements Store {
  readonly #rateCounters: KeySpace;
  readonly #securityState: KeySpace;

  constructor(
    private readonly clock: Clock,
    limits: Partial<MemoryStoreLimits> = {},
  ) {
    const { rateCounters, securityState } = { ...DEFAULT_LIMITS, ...limits };
    this.#rateCounters = new KeySpace('rate counters', rateCounters, 'drop-oldest');
    this.#securityState = new KeySpace('security state', securityState, 'refuse');
  }

  async increment(key: string, windowMs: number, by = 1): Promise<Counter> {
    const now = this.clock.now();
    const space = this.#space(key);
    const entry = space.live(key, now);
    if (entry) {
      entry.value = String(Number(entry.value) + by);
      space.write(key, entry, now);
      return { value: Number(entry.value), resetInMs: entry.expiresAt - now };
    }
    space.write(key, { value: String(by), expiresAt: now + windowMs }, now);
    return { value: by, resetInMs: windowMs };
  }

  async peekCounter(key: string): Promise<Counter> {
    const now = this.clock.now();
    const entry = this.#space(key).live(key, now);
    return entry ? { value: Number(entry.value), resetInMs: entry.expiresAt - now } : { value: 0, resetInMs: 0 };
  }

  async get(key: string): Promise<string | undefined> {
    return this.#space(key).live(key, this.clock.now())?.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    const now = this.clock.now();
    this.#space(key).write(key, { value, expiresAt: now + ttlMs }, now);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const now = this.clock.now();
    const space = this.#space(key);
    if (space.live(key, now)) return false;
    space.write(key, { value, expiresAt: now + ttlMs }, now);
    return true;
  }

  async take(key: string): Promise<string | undefined> {
    const space = this.#space(key);
    const entry = space.live(key, this.clock.now());
    space.delete(key);
    return entry?.value;
  }

  async delete(key: string): Promise<void> {
    this.#space(key).delete(key);
  }

  async addCounts(key: string, counts: ReadonlyMap<string, number>, ttlMs: number): Promise<void> {
    const now = this.clock.now();
    const space = this.#space(key);
    const kept = new Map<string, number>(Object.entries(JSON.parse(space.live(key, now)?.value ?? '{}') as Record<string, number>));
    for (const [field, by] of counts) kept.set(field, (kept.get(field) ?? 0) + by);
    space.write(key, { value: JSON.stringify(Object.fromEntries(kept)), expiresAt: now + ttlMs }, now);
  }

  async readCounts(key: string): Promise<Map<string, number>> {
    const value = this.#space(key).live(key, this.clock.now())?.value;
    return new Map(Object.entries(JSON.parse(value ?? '{}') as Record<string, number>));
  }

  async close(): Promise<void> {
    this.#rateCounters.clear();
    this.#securityState.clear();
  }

  #space(key: string): KeySpace {
    return key.startsWith(RATE_COUNTER_PREFIX) ? this.#rateCounters : this.#securityState;
  }
}
