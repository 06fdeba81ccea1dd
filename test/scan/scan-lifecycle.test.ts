import type http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { FixedClock } from '../helpers/clock.js';
import { quietLogger } from '../helpers/context.js';
import { html, startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { SKIP_REDIS, startRedis, type RedisServer } from '../helpers/redis.js';
import { scanTestContext } from '../helpers/scan-context.js';

/** A site whose pages wait until the test lets them answer: a scan stays running as long as needed. */
let gated: FixtureSite;
let held: http.ServerResponse[] = [];
let open = false;
const answer = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end(html('<title>Acme</title>', '<main><h1>Acme</h1></main>'));
function release(): void {
  open = true;
  for (const res of held.splice(0)) answer(res);
}

beforeAll(async () => {
  gated = await startFixtureSite({
    '/': (_req, res) => {
      if (open) answer(res);
      else held.push(res);
    },
  });
});
afterEach(() => {
  release();
  open = false;
});
afterAll(async () => {
  await gated.close();
});

async function context(clock = new FixedClock(Date.parse('2026-11-21T12:00:00Z'))): Promise<AppContext> {
  return scanTestContext({ clock, settings: { scanDeadlineMs: 20_000, maxConcurrentScans: 3 } });
}

describe('scans running at once', () => {
  let ctx: AppContext;
  beforeAll(async () => {
    ctx = await context();
  });
  afterAll(async () => {
    release();
    await ctx.close();
  });

  it('allows two per requester and refuses a third without counting it; others are not affected', async () => {
    const url = `${gated.origin}/`;
    await ctx.scans.start('ai_visibility', url, 'a@acme.co.uk', 'ip:198.51.100.7');
    await ctx.scans.start('analytics', url, 'b@acme.co.uk', 'ip:198.51.100.7');
    await expect(ctx.scans.start('analytics', url, 'c@acme.co.uk', 'ip:198.51.100.7')).rejects.toMatchObject({ code: 'rate-limited', retryAfterSeconds: 30 });
    await ctx.scans.start('analytics', url, 'd@acme.co.uk', 'agent:reg_other');
    await expect(ctx.scans.start('analytics', url, 'c@acme.co.uk', 'agent:reg_third')).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('Too many scans are running') });
    release();
    await ctx.scans.drain();
    // The refused calls took nothing from c@'s two scans a day.
    for (let index = 0; index < 2; index += 1) await (await ctx.scans.start('analytics', url, 'c@acme.co.uk', 'ip:198.51.100.7')).finished;
    await expect(ctx.scans.start('analytics', url, 'c@acme.co.uk', 'ip:198.51.100.7')).rejects.toMatchObject({ code: 'quota-exceeded' });
  });
});

describe('a scan whose process stopped', () => {
  it('is reported failed a minute after its deadline', async () => {
    const clock = new FixedClock(Date.parse('2026-11-21T12:00:00Z'));
    const ctx = await context(clock);
    try {
      const { scanId } = await ctx.scans.start('ai_visibility', `${gated.origin}/`, 'a@acme.co.uk');
      expect((await ctx.scans.get(scanId)).status).toBe('running');
      clock.advance(20_000 + 60_000 + 1);
      expect(await ctx.scans.get(scanId)).toMatchObject({ status: 'failed', error: 'The scan was interrupted (the server restarted). Start a new scan.' });
    } finally {
      release();
      await ctx.close();
    }
  });
});

describe('shutting down', () => {
  it('gives running scans a grace period, then stops their requests and keeps what they found', async () => {
    const ctx = await context();
    const { scanId, finished } = await ctx.scans.start('ai_visibility', `${gated.origin}/`, 'a@acme.co.uk');
    await ctx.scans.close(50);
    const status = await finished;
    expect(status).toMatchObject({ status: 'done', result: { outcome: 'could_not_verify' } });
    expect(status.result!.summary).toContain('the scan stopped');
    expect((await ctx.scans.get(scanId)).status).toBe('done');
    await expect(ctx.scans.start('ai_visibility', `${gated.origin}/`, 'b@acme.co.uk')).rejects.toMatchObject({ code: 'unavailable' });
    await ctx.close();
  });
});

describe.skipIf(SKIP_REDIS)('two instances sharing Redis', () => {
  let redis: RedisServer;
  let first: AppContext;
  let second: AppContext;
  beforeAll(async () => {
    redis = await startRedis();
    const clock = new FixedClock(Date.parse('2026-11-21T12:00:00Z'));
    first = await scanTestContext({ clock, store: new RedisStore(redis.url, quietLogger()) });
    second = await scanTestContext({ clock, store: new RedisStore(redis.url, quietLogger()) });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it('answer get_scan_result for a scan the other one ran, and share the per-address quota', async () => {
    open = true;
    const { scanId, finished } = await first.scans.start('ai_visibility', `${gated.origin}/`, 'shared@acme.co.uk');
    await finished;
    expect(await second.scans.get(scanId)).toMatchObject({ status: 'done', scan_id: scanId, result: { outcome: 'graded' } });
    await (await second.scans.start('analytics', `${gated.origin}/`, 'shared@acme.co.uk')).finished;
    await expect(first.scans.start('analytics', `${gated.origin}/`, 'shared@acme.co.uk')).rejects.toMatchObject({ code: 'quota-exceeded' });
  });
});
