import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../src/limits/client-address.js';
import { hitRateLimit } from '../../src/limits/rate-limit.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { FixedClock } from '../helpers/clock.js';

const rule = { key: 'rate:ip:1.2.3.4', limit: 3, windowMs: 60_000, description: '3 per minute' };

describe('hitRateLimit', () => {
  it('counts down what is left and when the window resets', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock);
    expect(await hitRateLimit(store, rule)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    clock.advance(15_500);
    expect(await hitRateLimit(store, rule)).toEqual({ allowed: true, limit: 3, remaining: 1, resetSeconds: 45 });
  });

  it('refuses past the limit and keeps counting refused requests', async () => {
    const store = new MemoryStore(new FixedClock());
    for (let i = 0; i < 3; i++) await hitRateLimit(store, rule);
    expect(await hitRateLimit(store, rule)).toMatchObject({ allowed: false, remaining: 0 });
    expect((await store.peekCounter(rule.key)).value).toBe(4);
  });
});

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:bbbb::2', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    [undefined, 'unknown'],
    ['not an address', 'unknown'],
  ])('keys %s as %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });
});
