import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GetAnswers } from '../../src/rest/answers.js';
import { CursorCodec } from '../../src/rest/cursor.js';
import { restToolContext, type JsonEndpoint, type RestEnv } from '../../src/rest/endpoints.js';
import { QuerySchema } from '../../src/rest/query.js';
import { testContext } from '../helpers/context.js';

describe('the cache of REST answers', () => {
  it('keeps only an answer\'s bytes, in memory of their own: what it holds is what its size counts', async () => {
    const ctx = await testContext();
    const echo = {
      name: 'echo',
      path: '/api/v1/echo',
      summary: 'Echo',
      description: 'Echo',
      query: new QuerySchema(z.object({ q: z.string() }).strict()),
      response: z.object({}),
      responseName: 'Echo',
      problems: [],
      cacheControl: 'public, max-age=300',
      batchable: true,
      run: async (query: Record<string, unknown>) => ({ body: { items: Array.from({ length: 20 }, (_, i) => ({ i, q: query.q })) } }),
    } as unknown as JsonEndpoint;
    const content = ctx.content.current();
    const env: RestEnv = { ctx, content, tools: (caller) => restToolContext(ctx, content, caller), cursors: new CursorCodec(undefined, content.version), url: (path) => path, endpointUrls: {} };
    const answers = new GetAnswers(env, [echo], [], 'https://x.example/api/v1/docs');
    await answers.answer('/api/v1/echo', 'q=a');
    const first = await answers.answer('/api/v1/echo', 'q=a');
    expect(await answers.answer('/api/v1/echo', 'q=a')).toBe(first);
    // No parsed value rides along with the bytes (it would cost several times their size).
    expect(Object.values(first).filter((value) => typeof value === 'object' && value !== null && !Buffer.isBuffer(value))).toEqual([first.headers]);
    // Not a slice of Node's shared 8 KiB pool, which a cached slice would keep alive whole.
    expect(first.body.buffer.byteLength).toBe(first.body.byteLength);
    await ctx.close();
  });

  it('keeps an answer from its second asking: a question asked once takes no place in it', async () => {
    const ctx = await testContext();
    let runs = 0;
    const echo = {
      name: 'echo',
      path: '/api/v1/echo',
      summary: 'Echo',
      description: 'Echo',
      query: new QuerySchema(z.object({ q: z.string() }).strict()),
      response: z.object({}),
      responseName: 'Echo',
      problems: [],
      cacheControl: 'public, max-age=300',
      batchable: true,
      run: async (query: Record<string, unknown>) => ({ body: { q: query.q, run: ++runs } }),
    } as unknown as JsonEndpoint;
    const content = ctx.content.current();
    const env: RestEnv = { ctx, content, tools: (caller) => restToolContext(ctx, content, caller), cursors: new CursorCodec(undefined, content.version), url: (path) => path, endpointUrls: {} };
    const answers = new GetAnswers(env, [echo], [], 'https://x.example/api/v1/docs');
    for (let i = 0; i < 500; i++) await answers.answer('/api/v1/echo', `q=once-${i}`);
    expect(runs).toBe(500);
    const first = await answers.answer('/api/v1/echo', 'q=twice');
    const second = await answers.answer('/api/v1/echo', 'q=twice');
    expect(second).not.toBe(first);
    expect(await answers.answer('/api/v1/echo', 'q=twice')).toBe(second);
    expect(runs).toBe(502);
    await ctx.close();
  });
});
