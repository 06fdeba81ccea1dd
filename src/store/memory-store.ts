import type { Clock } from '../clock.js';
import type { Counter, Store } from './store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Bounds memory when keys come from clients (IP addresses, agent ids): oldest go first. */
const DEFAULT_MAX_KEYS = 100_000;

/**
 * The single-instance store. A Map keeps insertion order, which makes it a cheap LRU: a key is
 * re-inserted when written, and the oldest keys are dropped past the cap.
 */
export class MemoryStore implements Store {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  async increment(key: string, windowMs: number, by = 1): Promise<Counter> {
    const now = this.clock.now();
    const entry = this.#live(key, now);
    if (entry) {
      entry.value = String(Number(entry.value) + by);
      return { value: Number(entry.value), resetInMs: entry.expiresAt - now };
    }
    this.#write(key, { value: String(by), expiresAt: now + windowMs });
    return { value: by, resetInMs: windowMs };
  }

  async peekCounter(key: string): Promise<Counter> {
    const now = this.clock.now();
    const entry = this.#live(key, now);
    return entry ? { value: Number(entry.value), resetInMs: entry.expiresAt - now } : { value: 0, resetInMs: 0 };
  }

  async get(key: string): Promise<string | undefined> {
    return this.#live(key, this.clock.now())?.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.#write(key, { value, expiresAt: this.clock.now() + ttlMs });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const now = this.clock.now();
    if (this.#live(key, now)) return false;
    this.#write(key, { value, expiresAt: now + ttlMs });
    return true;
  }

  async take(key: string): Promise<string | undefined> {
    const entry = this.#live(key, this.clock.now());
    this.#entries.delete(key);
    return entry?.value;
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async close(): Promise<void> {
    this.#entries.clear();
  }

  /** The entry if it exists and has not expired; expired entries are removed on sight. */
  #live(key: string, now: number): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #write(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.maxKeys) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
