import { pino } from 'pino';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { StoreUnavailableError, type Store } from '../../src/store/store.js';
import { captureLogs } from '../helpers/logs.js';
import { FixedClock } from '../helpers/clock.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../helpers/redis.js';

/** The behaviour every Store must have, so Redis and memory are interchangeable. */
function storeContract(name: string, makeStore: () => Store) {
  describe(`${name} store`, () => {
    let store: Store;
    let prefix = 0;
    const key = (label: string) => `${label}:${name}:${++prefix}`;
    beforeAll(() => {
      store = makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('counts from the first increment and reports the time left in the window', async () => {
      const k = key('counter');
      expect(await store.increment(k, 60_000)).toMatchObject({ value: 1 });
      const second = await store.increment(k, 60_000, 4);
      expect(second.value).toBe(5);
      expect(second.resetInMs).toBeGreaterThan(0);
      expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    });

    it('peeks at a counter without changing it, zero when absent', async () => {
      const k = key('peek');
      expect(await store.peekCounter(k)).toEqual({ value: 0, resetInMs: 0 });
      await store.increment(k, 60_000);
      expect((await store.peekCounter(k)).value).toBe(1);
      expect((await store.peekCounter(k)).value).toBe(1);
    });

    it('stores and reads values', async () => {
      const k = key('value');
      expect(await store.get(k)).toBeUndefined();
      await store.set(k, '{"a":1}', 60_000);
      expect(await store.get(k)).toBe('{"a":1}');
    });

    it('sets a value only once with setIfAbsent, even when asked concurrently', async () => {
      const k = key('once');
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.setIfAbsent(k, String(i), 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('adds named counts under one key, batch after batch, and reads them back', async () => {
      const k = key('counts');
      expect(await store.readCounts(k)).toEqual(new Map());
      await store.addCounts(k, new Map([['a', 2], ['b', 1]]), 60_000);
      await Promise.all([store.addCounts(k, new Map([['a', 3]]), 60_000), store.addCounts(k, new Map([['c', 1]]), 60_000)]);
      expect(await store.readCounts(k)).toEqual(new Map([['a', 5], ['b', 1], ['c', 1]]));
    });

    it('gives a value to exactly one of several concurrent takers', async () => {
      const k = key('take');
      await store.set(k, 'code', 60_000);
      const taken = await Promise.all(Array.from({ length: 10 }, () => store.take(k)));
      expect(taken.filter((value) => value === 'code')).toHaveLength(1);
      expect(await store.get(k)).toBeUndefined();
    });

    it('deletes', async () => {
      const k = key('delete');
      await store.set(k, 'v', 60_000);
      await store.delete(k);
      expect(await store.get(k)).toBeUndefined();
    });
  });
}

storeContract('memory', () => new MemoryStore(new FixedClock()));

describe.skipIf(SKIP_REDIS)('redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  storeContract('redis', () => new RedisStore(redis.url, pino({ level: 'silent' })));

  it('shares counters between two instances', async () => {
    const a = new RedisStore(redis.url, pino({ level: 'silent' }));
    const b = new RedisStore(redis.url, pino({ level: 'silent' }));
    try {
      await a.increment('shared', 60_000);
      expect((await b.increment('shared', 60_000)).value).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('warns at start when Redis may evict keys, since quotas and revocation markers must not go', async () => {
    const admin = new Redis(redis.url);
    const logs = captureLogs();
    const quiet = new RedisStore(redis.url, logs.logger);
    const warned = new RedisStore(redis.url, logs.logger);
    try {
      await quiet.ready();
      expect(logs.lines.filter((line) => line.msg.includes('maxmemory-policy'))).toEqual([]);
      await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
      await warned.ready();
      expect(logs.lines.find((line) => line.msg.includes('maxmemory-policy'))).toMatchObject({ level: 40, maxmemoryPolicy: 'allkeys-lru' });
    } finally {
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      admin.disconnect();
      await quiet.close();
      await warned.close();
    }
  });

  it('reports an unreachable server as StoreUnavailableError instead of hanging', async () => {
    const store = new RedisStore('redis://127.0.0.1:1', pino({ level: 'silent' }));
    try {
      await expect(store.increment('k', 1_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await store.close();
    }
  });
});
