import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../src/limits/limit-rule.js';
import { consumeQuotas } from '../../src/limits/quota.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { StoreUnavailableError, type Store } from '../../src/store/store.js';
import { FixedClock } from '../helpers/clock.js';

const perEmail = { key: 'quota:email:a@b.example', limit: 2, windowMs: DAY_MS, description: '2 per e-mail address per day' };
const perIp = { key: 'quota:ip:1.2.3.4', limit: 5, windowMs: MINUTE_MS, description: '5 per minute per IP address' };

describe('consumeQuotas', () => {
  it('allows calls up to each limit', async () => {
    const store = new MemoryStore(new FixedClock());
    await consumeQuotas(store, new FixedClock(), [perEmail, perIp]);
    await consumeQuotas(store, new FixedClock(), [perEmail, perIp]);
    expect((await store.peekCounter(perEmail.key)).value).toBe(2);
  });

  it('refuses the call past a limit, naming it and when to try again', async () => {
    const clock = new FixedClock(Date.parse('2026-11-21T12:00:00Z'));
    const store = new MemoryStore(clock);
    await consumeQuotas(store, clock, [perEmail]);
    await consumeQuotas(store, clock, [perEmail]);
    await expect(consumeQuotas(store, clock, [perEmail])).rejects.toMatchObject({
      code: 'quota-exceeded',
      message: 'Limit reached (2 per e-mail address per day). Try again after 2026-11-22T12:00:00Z.',
      retryAfterSeconds: 86_400,
    });
  });

  it('does not use up the other quotas when one refuses', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock);
    await consumeQuotas(store, clock, [perEmail]);
    await consumeQuotas(store, clock, [perEmail]);
    await expect(consumeQuotas(store, clock, [perEmail, perIp])).rejects.toMatchObject({ code: 'quota-exceeded' });
    expect((await store.peekCounter(perIp.key)).value).toBe(0);
  });

  it('allows calls again once the window has passed', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock);
    for (let i = 0; i < 5; i++) await consumeQuotas(store, clock, [perIp]);
    await expect(consumeQuotas(store, clock, [perIp])).rejects.toMatchObject({ retryAfterSeconds: 60 });
    clock.advance(MINUTE_MS);
    await expect(consumeQuotas(store, clock, [perIp])).resolves.toBeUndefined();
  });

  it('never lets concurrent calls exceed a limit', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => consumeQuotas(store, clock, [perIp])));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
  });

  it('refuses when the store cannot be reached, rather than not enforcing the quota', async () => {
    const broken = { peekCounter: () => Promise.reject(new StoreUnavailableError('down')) } as unknown as Store;
    await expect(consumeQuotas(broken, new FixedClock(), [perIp])).rejects.toMatchObject({ code: 'unavailable', retryAfterSeconds: 60 });
  });
});
