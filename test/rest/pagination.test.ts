import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RestApi, startRestServer, type RestServer } from '../helpers/rest-api.js';
import { startTestServer } from '../helpers/context.js';
import { SAMPLE_SITE } from '../helpers/paths.js';

const SECRET = 'a-cursor-secret-shared-by-every-instance';
let rest: RestServer;

beforeAll(async () => {
  rest = await startRestServer(['--cursor-secret', SECRET], SAMPLE_SITE);
});
afterAll(() => rest?.server.close());
beforeEach(() => rest.clock.advance(60_000));

/** Follows next_cursor from the first page to the last, checking the Link header on the way. */
async function walk(api: RestApi, query: string): Promise<{ urls: string[]; answers: number; total: number }> {
  const urls: string[] = [];
  let path = `/api/v1/pages?${query}`;
  let answers = 0;
  let total = -1;
  for (;;) {
    const { status, body, headers } = await api.get(path);
    expect(status).toBe(200);
    answers += 1;
    total = body.total;
    urls.push(...body.data.map((page: { url: string }) => page.url));
    const link = headers.get('link');
    if (body.next_cursor === null) {
      expect(link).toBeNull();
      return { urls, answers, total };
    }
    expect(body.next_cursor.length).toBeLessThanOrEqual(64);
    const target = /^<([^>]+)>; rel="next"$/.exec(link ?? '')?.[1];
    expect(target, 'Link: <…>; rel="next"').toBeDefined();
    expect(new URL(target!).searchParams.get('cursor')).toBe(body.next_cursor);
    const next = new URL(target!);
    path = `${next.pathname}${next.search}`;
  }
}

describe('GET /api/v1/pages', () => {
  it('walks every published page exactly once, in path order, following Link rel="next"', async () => {
    const { urls, answers, total } = await walk(rest.api, 'limit=7');
    const expected = rest.server.ctx.content.current().site.pages.map((page) => rest.server.ctx.content.current().urls.pageUrl(page.path));
    expect(total).toBe(expected.length);
    expect(urls).toEqual(expected);
    expect(answers).toBe(Math.ceil(expected.length / 7));
  });

  it('keeps the filters along the walk and counts only matching pages', async () => {
    const { urls, total } = await walk(rest.api, 'lang=en&type=service&limit=2');
    const expected = rest.server.ctx.content.current().site.filter({ lang: 'en', type: 'service' });
    expect(total).toBe(expected.length);
    expect(urls).toEqual(expected.map((page) => rest.server.ctx.content.current().urls.pageUrl(page.path)));
  });

  it('has no next page and no Link header when everything fits', async () => {
    const { body, headers } = await rest.api.get('/api/v1/pages?limit=100');
    expect(body.next_cursor).toBeNull();
    expect(body.data).toHaveLength(body.total);
    expect(headers.get('link')).toBeNull();
  });

  it('uses 50 pages per answer by default', async () => {
    const { body } = await rest.api.get('/api/v1/pages');
    expect(body.limit).toBe(50);
    expect(body.data).toHaveLength(Math.min(50, body.total));
  });

  it('refuses a forged cursor with 400', async () => {
    const { body } = await rest.api.get('/api/v1/pages?limit=5');
    const bytes = Buffer.from(body.next_cursor as string, 'base64url');
    bytes.writeUInt32BE(40, 1);
    const forged = bytes.toString('base64url');
    const answer = await rest.api.get(`/api/v1/pages?limit=5&cursor=${forged}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid-parameter' });
    expect(answer.body.detail).toContain('"cursor"');
  });

  it.each(['garbage', 'AAAA', '!!!!', ''])('refuses a cursor it did not issue (%s) with 400', async (cursor) => {
    expect((await rest.api.get(`/api/v1/pages?cursor=${cursor}`)).status).toBe(400);
  });

  it('refuses a cursor used with other filters than it was issued for', async () => {
    const { body } = await rest.api.get('/api/v1/pages?lang=pl&limit=2');
    expect((await rest.api.get(`/api/v1/pages?lang=en&limit=2&cursor=${body.next_cursor}`)).status).toBe(400);
    expect((await rest.api.get(`/api/v1/pages?limit=2&cursor=${body.next_cursor}`)).status).toBe(400);
  });

  it('accepts a different limit on the next page (the cursor is a position)', async () => {
    const first = await rest.api.get('/api/v1/pages?limit=3');
    const second = await rest.api.get(`/api/v1/pages?limit=4&cursor=${first.body.next_cursor}`);
    const all = await rest.api.get('/api/v1/pages?limit=7');
    expect([...first.body.data, ...second.body.data]).toEqual(all.body.data);
  });

  it('accepts a cursor from another instance with the same --cursor-secret', async () => {
    const other = await startTestServer(SAMPLE_SITE, ['--cursor-secret', SECRET]);
    try {
      const { body } = await rest.api.get('/api/v1/pages?limit=5');
      const response = await fetch(`${other.url}/api/v1/pages?limit=5&cursor=${body.next_cursor}`);
      expect(response.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses a cursor from an instance with another key (a stale cursor is a 400, not a wrong page)', async () => {
    const other = await startTestServer(SAMPLE_SITE);
    try {
      const { body } = await rest.api.get('/api/v1/pages?limit=5');
      const response = await fetch(`${other.url}/api/v1/pages?limit=5&cursor=${body.next_cursor}`);
      expect(response.status).toBe(400);
    } finally {
      await other.close();
    }
  });
});
