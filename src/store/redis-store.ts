import { Redis } from 'ioredis';
import type { Logger } from '../log/logger.js';
import { StoreUnavailableError, type Counter, type Store } from './store.js';

/** Every key we write is namespaced, so one Redis can serve other applications too. */
const KEY_PREFIX = 'site-content-mcp:';

/**
 * INCRBY and the window's expiry in one atomic step: the first increment starts the window;
 * a counter found without an expiry (written by something else) gets one rather than living
 * forever. Returns the new value and the milliseconds left in the window.
 */
const INCREMENT_SCRIPT = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {value, ttl}
`;

/**
 * The Store shared by several instances. Commands fail fast (no offline queue, a short command
 * timeout) so that a Redis outage becomes a StoreUnavailableError the caller can act on (rate
 * limits fail open, e-mail quotas fail closed) instead of requests hanging.
 */
export class RedisStore implements Store {
  readonly #redis: Redis;

  constructor(
    url: string,
    private readonly logger: Logger,
  ) {
    this.#redis = new Redis(url, {
      keyPrefix: KEY_PREFIX,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      // Reconnect with a capped backoff for as long as the process runs.
      retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    });
    let reported = false;
    this.#redis.on('error', (error: Error) => {
      // The URL may hold a password: log only the error message.
      if (!reported) logger.warn({ error: error.message }, 'redis store unavailable; retrying');
      reported = true;
    });
    this.#redis.on('ready', () => {
      if (reported) logger.info('redis store available again');
      reported = false;
    });
    this.#redis.defineCommand('incrementWindow', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  }

  /** Resolves once connected; used at start so a wrong URL is reported at once. */
  async ready(): Promise<void> {
    await this.#call(() => this.#redis.ping());
    await this.#checkEvictionPolicy();
  }

  /**
   * Security state (quotas, revocation markers) must never be evicted to make room, just as in
   * the memory store: with `noeviction` a full Redis refuses writes, which callers treat as an
   * outage and fail closed on. Any other policy lets memory pressure revive a revoked token.
   * Managed Redis often forbids CONFIG; then nothing can be checked.
   */
  async #checkEvictionPolicy(): Promise<void> {
    const answer = await this.#redis.config('GET', 'maxmemory-policy').catch(() => undefined);
    const policy = Array.isArray(answer) ? answer[1] : undefined;
    if (typeof policy === 'string' && policy !== 'noeviction') {
      this.logger.warn(
        { maxmemoryPolicy: policy },
        `redis store: maxmemory-policy is ${policy}; set it to noeviction, or a full Redis may evict quotas and revoked-token markers`,
      );
    }
  }

  /**
   * Waits for the first connection (bounded by the connect timeout); once a connection has been
   * lost, fails at once instead of queueing, so an outage costs callers no time.
   */
  #connected(): Promise<void> {
    const status = this.#redis.status;
    if (status === 'ready') return Promise.resolve();
    if (status !== 'wait' && status !== 'connecting' && status !== 'connect') {
      return Promise.reject(new Error(`connection ${status}`));
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error('connect timeout')), 2_000);
      const onReady = () => done();
      const onEnd = () => done(new Error('connection closed'));
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.#redis.off('ready', onReady);
        this.#redis.off('end', onEnd);
        this.#redis.off('close', onEnd);
        if (error) reject(error);
        else resolve();
      };
      this.#redis.once('ready', onReady);
      this.#redis.once('end', onEnd);
      // A refused first connection closes at once; do not wait out the timeout.
      this.#redis.once('close', onEnd);
    });
  }

  async increment(key: string, windowMs: number, by = 1): Promise<Counter> {
    const [value, ttl] = await this.#call(
      () => (this.#redis as unknown as { incrementWindow(key: string, by: number, windowMs: number): Promise<[number, number]> }).incrementWindow(key, by, windowMs),
    );
    return { value, resetInMs: ttl };
  }

  async peekCounter(key: string): Promise<Counter> {
    const [value, ttl] = await this.#call(() => Promise.all([this.#redis.get(key), this.#redis.pttl(key)]));
    return value === null ? { value: 0, resetInMs: 0 } : { value: Number(value), resetInMs: Math.max(ttl, 0) };
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.#call(() => this.#redis.get(key))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#call(() => this.#redis.set(key, value, 'PX', ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.#call(() => this.#redis.set(key, value, 'PX', ttlMs, 'NX'))) === 'OK';
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.#call(() => this.#redis.getdel(key))) ?? undefined;
  }

  async delete(key: string): Promise<void> {
    await this.#call(() => this.#redis.del(key));
  }

  async addCounts(key: string, counts: ReadonlyMap<string, number>, ttlMs: number): Promise<void> {
    if (counts.size === 0) return;
    await this.#call(async () => {
      const batch = this.#redis.multi();
      for (const [field, by] of counts) batch.hincrby(key, field, by);
      batch.pexpire(key, ttlMs);
      const results = await batch.exec();
      const failed = results?.find(([error]) => error !== null);
      if (results === null || failed !== undefined) throw failed?.[0] ?? new Error('transaction discarded');
    });
  }

  async readCounts(key: string): Promise<Map<string, number>> {
    const fields = await this.#call(() => this.#redis.hgetall(key));
    return new Map(Object.entries(fields).map(([field, value]) => [field, Number(value)]));
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }

  async #call<T>(command: () => Promise<T>): Promise<T> {
    try {
      await this.#connected();
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(`shared state store unavailable: ${(error as Error).message}`, { cause: error });
    }
  }
}
