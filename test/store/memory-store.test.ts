import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
import { StoreFullError, StoreUnavailableError } from '../../src/store/store.js';
import { FixedClock } from '../helpers/clock.js';

describe('MemoryStore', () => {
  it('counts within a fixed window and reports when it resets', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock);
    expect(await store.increment('k', 60_000)).toEqual({ value: 1, resetInMs: 60_000 });
    clock.advance(10_000);
    expect(await store.increment('k', 60_000, 2)).toEqual({ value: 3, resetInMs: 50_000 });
  });

  it('starts a counter again from zero after its window', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock);
    await store.increment('k', 1_000);
    clock.advance(1_000);
    expect(await store.increment('k', 1_000)).toEqual({ value: 1, resetInMs: 1_000 });
  });

  it('peeks at a counter without changing it', async () => {
    const store = new MemoryStore(new FixedClock());
    expect(await store.peekCounter('k')).toEqual({ value: 0, resetInMs: 0 });
    await store.increment('k', 1_000);
    expect(await store.peekCounter('k')).toEqual({ value: 1, resetInMs: 1_000 });
  });

  it('expires values after their time to live', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock);
    await store.set('k', 'v', 100);
    expect(await store.get('k')).toBe('v');
    clock.advance(100);
    expect(await store.get('k')).toBeUndefined();
  });

  it('sets a value only once with setIfAbsent', async () => {
    const store = new MemoryStore(new FixedClock());
    expect(await store.setIfAbsent('code', 'a', 1_000)).toBe(true);
    expect(await store.setIfAbsent('code', 'b', 1_000)).toBe(false);
    expect(await store.get('code')).toBe('a');
  });

  it('gives a value to exactly one taker', async () => {
    const store = new MemoryStore(new FixedClock());
    await store.set('k', 'v', 1_000);
    expect(await Promise.all([store.take('k'), store.take('k')])).toEqual(['v', undefined]);
  });

  it('drops the oldest rate counters beyond their cap, so client-chosen keys cannot exhaust memory', async () => {
    const store = new MemoryStore(new FixedClock(), { rateCounters: 2 });
    for (const key of ['rate:a', 'rate:b', 'rate:c']) await store.increment(key, 1_000);
    expect([(await store.peekCounter('rate:a')).value, (await store.peekCounter('rate:b')).value, (await store.peekCounter('rate:c')).value]).toEqual([0, 1, 1]);
  });

  it('keeps security state however many rate counters arrive after it', async () => {
    const store = new MemoryStore(new FixedClock(), { rateCounters: 10, securityState: 10 });
    await store.set('oauth:family-revoked:f1', '1', 60_000);
    await store.increment('quota:inquiry:total', 60_000);
    for (let i = 0; i < 1_000; i++) await store.increment(`rate:rest:ip:10.0.${i >> 8}.${i & 255}`, 60_000);
    expect(await store.get('oauth:family-revoked:f1')).toBe('1');
    expect((await store.peekCounter('quota:inquiry:total')).value).toBe(1);
  });

  it('sweeps expired rate counters before it drops a live one', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock, { rateCounters: 3 });
    await store.increment('rate:live', 60_000);
    await store.increment('rate:short-1', 1_000);
    await store.increment('rate:short-2', 1_000);
    clock.advance(1_000);
    await store.increment('rate:new', 60_000);
    expect((await store.peekCounter('rate:live')).value).toBe(1);
  });

  it('sweeps expired security state to make room for new state', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock, { securityState: 2 });
    await store.set('oauth:code-used:a', '1', 1_000);
    await store.set('oauth:code-used:b', '1', 60_000);
    clock.advance(1_000);
    await store.set('oauth:code-used:c', '1', 60_000);
    expect([await store.get('oauth:code-used:b'), await store.get('oauth:code-used:c')]).toEqual(['1', '1']);
  });

  it('refuses new security state when it is full of live state, rather than forgetting any', async () => {
    const store = new MemoryStore(new FixedClock(), { securityState: 2 });
    await store.set('oauth:refresh-used:a', '1', 60_000);
    await store.set('oauth:refresh-used:b', '1', 60_000);
    const refused = store.setIfAbsent('oauth:refresh-used:c', '1', 60_000);
    await expect(refused).rejects.toBeInstanceOf(StoreFullError);
    await expect(refused).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(refused).rejects.toThrow(/space for security state is full \(2 live keys\).*Set REDIS_URL/);
    expect([await store.get('oauth:refresh-used:a'), await store.get('oauth:refresh-used:b')]).toEqual(['1', '1']);
  });

  it('still updates security state it already holds when full', async () => {
    const store = new MemoryStore(new FixedClock(), { securityState: 1 });
    await store.increment('quota:inquiry:total', 60_000);
    expect((await store.increment('quota:inquiry:total', 60_000)).value).toBe(2);
  });
});
