import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASK_RATE_LIMIT } from '../../src/agent-site/ask/ask-rate-limit.js';
import type { RunningServer } from '../../src/http/serve.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../helpers/redis.js';

function ask(server: RunningServer): Promise<Response> {
  return fetch(`${server.url}/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":{"text":"ga4"}}' });
}

async function askTimes(server: RunningServer, times: number): Promise<Response[]> {
  const responses: Response[] = [];
  for (let index = 0; index < times; index += 1) {
    const response = await ask(server);
    await response.arrayBuffer();
    responses.push(response);
  }
  return responses;
}

describe('the /ask rate limit', () => {
  const clock = new FixedClock();
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer(undefined, [], { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 120 questions a minute from one address, counting down in RateLimit, then refuses with 429 and Retry-After', async () => {
    const answered = await askTimes(server, ASK_RATE_LIMIT.limit);
    expect(answered.every((response) => response.status === 200)).toBe(true);
    expect(answered[0]!.headers.get('ratelimit-policy')).toBe('"ip";q=120;w=60');
    expect(answered[0]!.headers.get('ratelimit')).toBe('"ip";r=119;t=60');
    expect(answered.at(-1)!.headers.get('ratelimit')).toBe('"ip";r=0;t=60');

    clock.advance(15_000);
    const refused = await ask(server);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(await refused.json()).toEqual({
      _meta: { response_type: 'failure', version: '0.54' },
      error: { code: 'RATE_LIMITED', message: 'Too many questions: at most 120 per minute from one address. Try again in 45 seconds.' },
    });

    clock.advance(45_000);
    expect((await ask(server)).status).toBe(200);
  });
});

describe.skipIf(SKIP_REDIS)('the /ask rate limit with Redis', () => {
  let redis: RedisServer;
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    redis = await startRedis();
    first = await startTestServer(undefined, ['--redis-url', redis.url]);
    second = await startTestServer(undefined, ['--redis-url', redis.url]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it('is shared by every instance', async () => {
    await askTimes(first, ASK_RATE_LIMIT.limit / 2);
    await askTimes(second, ASK_RATE_LIMIT.limit / 2);
    expect((await ask(first)).status).toBe(429);
    expect((await ask(second)).status).toBe(429);
  });

  it('still answers when Redis cannot be reached: the limit fails open, the answer does not', async () => {
    await redis.stop();
    const response = await ask(first);
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit')).toBeNull();
  });
});
