import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { MINI_SITE } from '../helpers/paths.js';
import { registerAgent } from '../helpers/oauth.js';

let server: RunningServer;
const clock = new FixedClock();

beforeAll(async () => {
  server = await startTestServer(MINI_SITE, ['--rate-limit-per-minute', '100000'], { clock });
});
afterAll(() => server?.close());

const get = (path: string, token?: string) => fetch(`${server.url}${path}`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

describe('a per-IP limit raised by configuration above the agent limit', () => {
  it('is what a token-bearing agent gets too: a token never lowers a limit', async () => {
    const agent = await registerAgent(server.ctx.publicBaseUrl);
    expect((await get('/api/v1/health')).headers.get('ratelimit-policy')).toBe('"ip";q=100000;w=60');
    const withToken = await get('/api/v1/health', agent.credential);
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('ratelimit-policy')).toBe('"agent";q=100000;w=60');
    for (let i = 0; i < 700; i++) expect((await get('/api/v1/health', agent.credential)).status).toBe(200);
  });

  it('is the limit /agent/identity reports', async () => {
    const agent = await registerAgent(server.ctx.publicBaseUrl);
    const identity = (await (await get('/agent/identity', agent.credential)).json()) as { rateLimit: { limit: number } };
    expect(identity.rateLimit.limit).toBe(100_000);
  });
});
