import { StoreFullError } from './store.js';

export interface Entry {
  value: string;
  expiresAt: number;
}

/** What a full space does with a new key: drop its oldest key, or refuse the new one. */
export type WhenFull = 'drop-oldest' | 'refuse';

/** A traffic flood must not make every write scan the whole space: at most one sweep a second. */
const MIN_SWEEP_INTERVAL_MS = 1_000;

/**
 * A bounded map of expiring entries. A Map keeps insertion order, which makes it a cheap LRU: a
 * key is re-inserted when written. Expired entries leave when read and, once the space is full,
 * in a sweep over the whole space, which runs before any live entry is dropped or a write is
 * refused. Only when the space is still full after the sweep does `whenFull` decide.
 */
export class KeySpace {
  readonly #entries = new Map<string, Entry>();
  /** No entry expires before this time, so a sweep before it would free nothing. */
  #earliestExpiry = Number.POSITIVE_INFINITY;
  #lastSweepAt = Number.NEGATIVE_INFINITY;

  constructor(
    /** For error messages, e.g. "security state". */
    readonly name: string,
    readonly maxKeys: number,
    readonly whenFull: WhenFull,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The entry if it exists and has not expired; an expired entry is removed on sight. */
  live(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Writes an entry; throws StoreFullError when a full `refuse` space has no room for a new key. */
  write(key: string, entry: Entry, now: number): void {
    const isNew = !this.#entries.delete(key);
    if (isNew && this.#entries.size >= this.maxKeys) this.#makeRoom(now);
    this.#entries.set(key, entry);
    if (entry.expiresAt < this.#earliestExpiry) this.#earliestExpiry = entry.expiresAt;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  #makeRoom(now: number): void {
    const mayFree = now >= this.#earliestExpiry;
    const throttled = this.whenFull === 'drop-oldest' && now - this.#lastSweepAt < MIN_SWEEP_INTERVAL_MS;
    if (mayFree && !throttled) this.#sweep(now);
    if (this.#entries.size < this.maxKeys) return;
    if (this.whenFull === 'refuse') {
      throw new StoreFullError(
        `the in-memory store's space for ${this.name} is full (${this.maxKeys} live keys), so nothing was changed; ` +
          'this is refused rather than forgetting earlier state. Set REDIS_URL to keep this state in Redis.',
      );
    }
    while (this.#entries.size >= this.maxKeys) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  #sweep(now: number): void {
    let earliest = Number.POSITIVE_INFINITY;
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
      else if (entry.expiresAt < earliest) earliest = entry.expiresAt;
    }
    this.#earliestExpiry = earliest;
    this.#lastSweepAt = now;
  }
}
