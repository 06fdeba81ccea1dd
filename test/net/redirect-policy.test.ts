import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fetcher, type FetchSettings } from '../../src/net/fetcher.js';
import { startFixtureSite, type FixtureSite } from '../helpers/fixture-site.js';
import { TableResolver } from '../helpers/table-resolver.js';

const settings: FetchSettings = {
  userAgent: 'Mozilla/5.0 (compatible; site-content-mcp-test/0; +http://localhost/)',
  connectTimeoutMs: 500,
  requestTimeoutMs: 2_000,
  maxBodyBytes: 64 * 1024,
  maxRedirects: 5,
  concurrency: 2,
  requestBudget: 50,
};

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({
    '/start': { status: 302, headers: { location: '/middle' } },
    '/middle': { status: 301, headers: { location: '/private/end' } },
    '/private/end': { body: 'end' },
    '/private/direct': { body: 'direct' },
    '/big': { headers: { 'content-type': 'application/xml' }, body: 'x'.repeat(1_000_000) },
  });
});
afterAll(() => site.close());

const fetchers: Fetcher[] = [];
afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((fetcher) => fetcher.close()));
});
function fetcher(): Fetcher {
  const created = new Fetcher(settings, { allowPrivate: true, allowedPorts: 'any' }, new TableResolver({}), new AbortController().signal);
  fetchers.push(created);
  return created;
}

describe('the caller decides each redirect hop before it is requested', () => {
  it('asks about every hop, in order, and never about the address it was given', async () => {
    const asked: string[] = [];
    const outcome = await fetcher().fetch(`${site.origin}/start`, { beforeRedirect: (target) => void asked.push(target.pathname) });
    expect(outcome.ok).toBe(true);
    expect(asked).toEqual(['/middle', '/private/end']);
  });

  it('does not request a vetoed hop, and fails with the reason the caller gave', async () => {
    const before = site.requests.length;
    const outcome = await fetcher().fetch(`${site.origin}/start`, { beforeRedirect: (target) => (target.pathname.startsWith('/private/') ? 'not for us' : undefined) });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'refused', reason: 'redirect-refused', veto: 'not for us' } });
    expect(site.requests.slice(before).map((request) => request.path)).toEqual(['/start', '/middle']);
  });
});

describe('a body read as a stream', () => {
  it('hands over the chunks up to the request’s own cap and says the cap cut it', async () => {
    let read = 0;
    const outcome = await fetcher().fetch(`${site.origin}/big`, {
      maxBytes: 10_000,
      consume: async (chunks) => {
        for await (const chunk of chunks) read += chunk.byteLength;
      },
    });
    expect(read).toBe(10_000);
    expect(outcome.ok && outcome.response).toMatchObject({ status: 200, body: '', bodyBytes: 10_000, truncated: true });
  });

  it('lets the reader stop early', async () => {
    const outcome = await fetcher().fetch(`${site.origin}/big`, {
      maxBytes: 1_000_000,
      consume: async (chunks) => {
        for await (const _chunk of chunks) break;
      },
    });
    expect(outcome.ok && outcome.response.truncated).toBe(false);
    expect(outcome.ok && outcome.response.bodyBytes).toBeLessThan(1_000_000);
  });
});
