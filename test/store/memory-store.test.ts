import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/memory-store.js';
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

  it('drops the oldest keys beyond its cap, so client-chosen keys cannot exhaust memory', async () => {
    const store = new MemoryStore(new FixedClock(), 2);
    await store.set('a', '1', 1_000);
    await store.set('b', '2', 1_000);
    await store.set('c', '3', 1_000);
    expect([await store.get('a'), await store.get('b'), await store.get('c')]).toEqual([undefined, '2', '3']);
  });
});
