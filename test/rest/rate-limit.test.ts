import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentRateLimitPolicy, RATE_LIMIT_POLICY } from '../../src/web/rate-limit.js';
import { restApi } from '../../src/rest/router.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer, testContext } from '../helpers/context.js';
import { SKIP_REDIS, startRedis } from '../helpers/redis.js';
import { RestApi, startRestServer, type RestResponse, type RestServer } from '../helpers/rest-api.js';

let rest: RestServer;

beforeAll(async () => {
  rest = await startRestServer();
});
afterAll(() => rest?.server.close());
beforeEach(() => rest.clock.advance(60_000));

async function spend(api: RestApi, count: number, headers: (index: number) => Record<string, string> = () => ({})): Promise<RestResponse[]> {
  const answers: RestResponse[] = [];
  for (let index = 0; index < count; index += 1) answers.push(await api.get('/api/v1/health', headers(index)));
  return answers;
}

describe('rate limit per IP address', () => {
  it('carries RateLimit-Policy, X-RateLimit-Limit and what is left on every answer', async () => {
    const { headers } = await rest.api.get('/api/v1/services');
    expect(headers.get('ratelimit-policy')).toBe('"ip";q=120;w=60');
    expect(headers.get('x-ratelimit-limit')).toBe('120');
    expect(headers.get('ratelimit')).toBe('"ip";r=119;t=60');
    expect(headers.get('x-ratelimit-remaining')).toBe('119');
  });

  it('counts errors too', async () => {
    await rest.api.get('/api/v1/nope');
    expect((await rest.api.get('/api/v1/health')).headers.get('x-ratelimit-remaining')).toBe('118');
  });

  it('allows 120 requests per window and answers the 121st with 429 and every rate-limit header', async () => {
    const answers = await spend(rest.api, 120);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    rest.clock.advance(15_000);
    const refused = await rest.api.get('/api/v1/services');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('ratelimit')).toBe('"ip";r=0;t=45');
    expect(refused.headers.get('ratelimit-policy')).toBe('"ip";q=120;w=60');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('120');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.body).toMatchObject({ code: 'rate-limited', status: 429, title: 'Too many requests' });
    expect(refused.body.detail).toContain('45 seconds');
  });

  it('opens a new window 60 seconds after the first request of the last one (a fixed window)', async () => {
    await spend(rest.api, 120);
    rest.clock.advance(59_999);
    expect((await rest.api.get('/api/v1/health')).status).toBe(429);
    rest.clock.advance(1);
    expect((await rest.api.get('/api/v1/health')).status).toBe(200);
  });

  it('accepts a burst at a window edge: 120 at the end of one window and 120 at the start of the next', async () => {
    rest.clock.advance(59_000);
    await spend(rest.api, 1);
    rest.clock.advance(59_000);
    expect((await spend(rest.api, 119)).every((answer) => answer.status === 200)).toBe(true);
    rest.clock.advance(1_000);
    expect((await spend(rest.api, 120)).every((answer) => answer.status === 200)).toBe(true);
  });

  it('ignores X-Forwarded-For from a client when no proxy is trusted: rotating it buys nothing', async () => {
    const answers = await spend(rest.api, 121, (index) => ({ 'x-forwarded-for': `203.0.113.${index % 250}` }));
    expect(answers.at(-1)!.status).toBe(429);
  });

  it('does not count CORS preflights', async () => {
    for (let index = 0; index < 130; index += 1) await rest.api.request('OPTIONS', '/api/v1/search');
    expect((await rest.api.get('/api/v1/health')).status).toBe(200);
  });
});

describe('a configured per-IP quota (--rate-limit-per-minute)', () => {
  it('announces and enforces it', async () => {
    const limited = await startRestServer(['--rate-limit-per-minute', '5']);
    try {
      limited.clock.advance(60_000);
      const answers = await spend(limited.api, 5);
      expect(answers.at(-1)!.headers.get('ratelimit-policy')).toBe('"ip";q=5;w=60');
      expect(answers.at(-1)!.status).toBe(200);
      expect((await limited.api.get('/api/v1/health')).status).toBe(429);
    } finally {
      await limited.server.close();
    }
  });
});

describe('behind trusted proxies (--trust-proxy-hops)', () => {
  it('keys the client by the address the nearest trusted proxy saw', async () => {
    const proxied = await startRestServer(['--trust-proxy-hops', '1']);
    try {
      const client = (address: string) => () => ({ 'x-forwarded-for': `198.51.100.7, ${address}` });
      const first = await spend(proxied.api, 121, client('203.0.113.1'));
      expect(first.at(-1)!.status).toBe(429);
      const second = await proxied.api.get('/api/v1/health', client('203.0.113.2')());
      expect(second.status).toBe(200);
      const spoofedLeftmost = await proxied.api.get('/api/v1/health', { 'x-forwarded-for': '203.0.113.99, 203.0.113.1' });
      expect(spoofedLeftmost.status).toBe(429);
    } finally {
      await proxied.server.close();
    }
  });
});

describe('the per-request policy seam', () => {
  it('applies a policy an earlier middleware chose (the per-agent limit of the OAuth issue)', async () => {
    const ctx = await testContext(undefined, { clock: new FixedClock() });
    const app = express();
    app.use((req, res, next) => {
      if (req.get('x-test-agent')) res.locals[RATE_LIMIT_POLICY] = agentRateLimitPolicy(req.get('x-test-agent')!);
      next();
    });
    app.use('/api/v1', restApi(ctx));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const api = await RestApi.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const answers = await spend(api, 130, () => ({ 'x-test-agent': 'agent-1' }));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(answers.at(-1)!.headers.get('ratelimit-policy')).toBe('"agent";q=600;w=60');
      expect(answers.at(-1)!.headers.get('x-ratelimit-limit')).toBe('600');
      expect(answers.at(-1)!.headers.get('x-ratelimit-remaining')).toBe('470');
    } finally {
      server.close();
      await ctx.close();
    }
  });
});

describe.skipIf(SKIP_REDIS)('with a shared Redis', () => {
  it('enforces 120 requests in total across two instances', async () => {
    const redis = await startRedis();
    const a = await startTestServer(undefined, ['--redis-url', redis.url]);
    const b = await startTestServer(undefined, ['--redis-url', redis.url]);
    try {
      const apiA = await RestApi.connect(a.url);
      const apiB = await RestApi.connect(b.url);
      // The two document reads above count too.
      const statuses: number[] = [];
      for (let index = 0; index < 118; index += 1) statuses.push((await (index % 2 === 0 ? apiA : apiB).get('/api/v1/health')).status);
      expect(statuses.every((status) => status === 200)).toBe(true);
      expect((await apiA.get('/api/v1/health')).status).toBe(429);
      expect((await apiB.get('/api/v1/health')).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await redis.stop();
    }
  });

  it('lets requests through with the policy headers when Redis is down (reads fail open)', async () => {
    const redis = await startRedis();
    const server = await startTestServer(undefined, ['--redis-url', redis.url]);
    try {
      const api = await RestApi.connect(server.url);
      await redis.stop();
      const { status, headers } = await api.get('/api/v1/services');
      expect(status).toBe(200);
      expect(headers.get('ratelimit-policy')).toBe('"ip";q=120;w=60');
      expect(headers.get('x-ratelimit-remaining')).toBeNull();
    } finally {
      await server.close();
    }
  });
});
