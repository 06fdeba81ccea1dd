import { describe, expect, it } from 'vitest';
import { AGENT_RATE_LIMIT, hitAgentRateLimit } from '../../src/limits/agent-rate-limit.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { FixedClock } from '../helpers/clock.js';

async function hits(store: MemoryStore, sub: string, ip: string, count: number) {
  let last;
  let allowed = 0;
  for (let i = 0; i < count; i++) {
    last = await hitAgentRateLimit(store, sub, ip);
    if (last.allowed) allowed += 1;
  }
  return { allowed, last: last! };
}

describe('the per-agent rate limit', () => {
  it('allows 600 requests per minute to one agent, then refuses until the window ends', async () => {
    const clock = new FixedClock();
    const store = new MemoryStore(clock);
    const { allowed, last } = await hits(store, 'reg_a', '203.0.113.5', 601);
    expect(allowed).toBe(AGENT_RATE_LIMIT.limit);
    expect(last).toMatchObject({ allowed: false, remaining: 0, limit: 600, resetSeconds: 60 });
    clock.advance(60_000);
    expect((await hitAgentRateLimit(store, 'reg_a', '203.0.113.5')).allowed).toBe(true);
  });

  it('does not let many agents from one address exceed the address ceiling of 600 together', async () => {
    const store = new MemoryStore(new FixedClock());
    let allowed = 0;
    for (let agent = 0; agent < 5; agent++) allowed += (await hits(store, `reg_${agent}`, '203.0.113.5', 200)).allowed;
    expect(allowed).toBe(600);
  });

  it('counts agents of different addresses apart', async () => {
    const store = new MemoryStore(new FixedClock());
    expect((await hits(store, 'reg_a', '203.0.113.5', 600)).allowed).toBe(600);
    expect((await hits(store, 'reg_b', '198.51.100.7', 600)).allowed).toBe(600);
  });

  it('counts one agent moving between addresses as one agent', async () => {
    const store = new MemoryStore(new FixedClock());
    expect((await hits(store, 'reg_a', '203.0.113.5', 400)).allowed).toBe(400);
    expect((await hits(store, 'reg_a', '198.51.100.7', 400)).allowed).toBe(200);
  });

  it('keys IPv6 clients by /64, so rotating addresses inside it buys nothing', async () => {
    const store = new MemoryStore(new FixedClock());
    let allowed = 0;
    for (let agent = 0; agent < 4; agent++) allowed += (await hits(store, `reg_${agent}`, `2001:db8:1:2::${agent + 1}`, 200)).allowed;
    expect(allowed).toBe(600);
  });

  it('reports the smaller remainder of the two counters', async () => {
    const store = new MemoryStore(new FixedClock());
    await hits(store, 'reg_a', '203.0.113.5', 500);
    expect((await hitAgentRateLimit(store, 'reg_b', '203.0.113.5')).remaining).toBe(99);
  });
});
