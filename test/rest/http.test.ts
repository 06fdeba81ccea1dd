import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyJson, GetAnswers } from '../../src/rest/answers.js';
import { contentFingerprint, CursorCodec } from '../../src/rest/cursor.js';
import { QuerySchema } from '../../src/rest/query.js';
import { restToolContext, type JsonEndpoint, type RestEnv } from '../../src/rest/endpoints.js';
import { answerWhileStarting } from '../../src/rest/starting.js';
import { quietLogger, testContext } from '../helpers/context.js';
import { rawRequest } from '../helpers/raw-http.js';
import { startRestServer, type RestServer } from '../helpers/rest-api.js';
import { toolContext } from '../../tools/tool.js';

let rest: RestServer;

beforeAll(async () => {
  rest = await startRestServer();
});
afterAll(() => rest?.server.close());
beforeEach(() => rest.clock.advance(60_000));

const GET_PATHS = ['/api/v1', '/api/v1/health', '/api/v1/search?q=ga4', '/api/v1/pages?limit=2', '/api/v1/page?url=/pl/uslugi/', '/api/v1/services', '/api/v1/contact', '/api/v1/openapi.json', '/api/v1/openapi.yaml', '/api/v1/docs'];

describe('HEAD', () => {
  it.each(GET_PATHS)('answers HEAD %s with the GET headers and no body', async (path) => {
    const get = await rest.api.get(path);
    const head = await rest.api.head(path);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'link']) expect(head.headers.get(name), name).toBe(get.headers.get(name));
  });

  it('answers HEAD on an unknown path with 404 and no body', async () => {
    const head = await rest.api.head('/api/v1/nope');
    expect(head.status).toBe(404);
    expect(head.text).toBe('');
  });
});

describe('errors', () => {
  it.each(['/api/v1/nope', '/api/v1/search/extra', '/api/v1/SEARCH?q=x', '/api/v1/%73earch?q=x'])('answers an unknown path %s with a 404 not-found Problem', async (path) => {
    const { status, body } = await rest.api.get(path);
    expect(status).toBe(404);
    expect(body.code).toBe('not-found');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s on a GET endpoint with 405 and Allow', async (method) => {
    const { status, headers, body } = await rest.api.request(method, '/api/v1/search?q=ga4', { headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(body).toMatchObject({ code: 'method-not-allowed', status: 405, title: 'Method not allowed', instance: '/api/v1/search' });
  });

  it('answers an unexpected failure with a 500 internal-error Problem without stack or file path, and logs it', async () => {
    const ctx = await testContext();
    const logged: unknown[] = [];
    const logger = quietLogger();
    logger.error = ((object: unknown) => logged.push(object)) as typeof logger.error;
    const failing = testEndpoint('failing', async () => {
      throw new Error('ENOENT: /srv/secret/path/content.md');
    });
    const content = ctx.content.current();
    const env = { ctx: { ...ctx, logger }, content, tools: () => toolContext(ctx, content, { transport: 'http' }), cursors: new CursorCodec(undefined, contentFingerprint([])), url: (path: string) => path, endpointUrls: {} };
    const answer = await new GetAnswers(env, [failing], [], 'https://x.example/api/v1/docs').answer('/api/v1/failing', '');
    expect(answer.status).toBe(500);
    expect(answer.contentType).toBe('application/problem+json');
    const body = JSON.parse(answer.body.toString());
    expect(body).toMatchObject({ code: 'internal-error', status: 500, type: 'https://x.example/api/v1/docs#internal-error', instance: '/api/v1/failing' });
    expect(answer.body.toString()).not.toMatch(/secret|ENOENT|\.md|at /);
    expect(logged).toHaveLength(1);
    await ctx.close();
  });

  it('gives the tools the real caller, as MCP does: its address and its agent', async () => {
    const ctx = await testContext();
    const echo = testEndpoint('echo', async (_query, env, caller) => ({ body: env.tools(caller).caller }));
    const content = ctx.content.current();
    const env: RestEnv = { ctx, content, tools: (caller) => restToolContext(ctx, content, caller), cursors: new CursorCodec(undefined, content.version), url: (path) => path, endpointUrls: {} };
    const answers = new GetAnswers(env, [echo], [], 'https://x.example/api/v1/docs');
    const agent = { sub: 'reg_1', clientId: 'client_1', scope: 'site:read' };
    const answer = await answers.answer('/api/v1/echo', '', { clientIp: '203.0.113.7', agent });
    expect(bodyJson(answer)).toEqual({ transport: 'http', clientIp: '203.0.113.7', agent: { sub: 'reg_1', clientId: 'client_1' } });
    await ctx.close();
  });

  it('answers a request line with a bad escape in the path with 404, not 500', async () => {
    const { status } = await rest.api.get('/api/v1/%E0%A4%A');
    expect(status).toBe(404);
  });
});

/** An endpoint without parameters at /api/v1/<name>, for driving GetAnswers directly. */
function testEndpoint(name: string, run: JsonEndpoint['run']): JsonEndpoint {
  return {
    name,
    path: `/api/v1/${name}`,
    summary: name,
    description: name,
    query: new QuerySchema(z.object({}).strict()),
    response: z.object({}),
    responseName: 'Nothing',
    problems: [],
    cacheControl: 'no-store',
    batchable: true,
    run,
  };
}

describe('CORS', () => {
  it('answers a preflight with the methods and headers a browser client needs, without counting it', async () => {
    const before = Number((await rest.api.get('/api/v1/health')).headers.get('x-ratelimit-remaining'));
    const response = await rest.api.request('OPTIONS', '/api/v1/batch', {
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type.*Idempotency-Key/);
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    const after = Number((await rest.api.get('/api/v1/health')).headers.get('x-ratelimit-remaining'));
    expect(before - after).toBe(1);
  });

  it('allows any origin and exposes the rate limit, paging, caching and deprecation headers', async () => {
    const { headers } = await rest.api.get('/api/v1/pages?limit=1', { origin: 'https://app.example' });
    expect(headers.get('access-control-allow-origin')).toBe('*');
    const exposed = headers.get('access-control-expose-headers')!.split(', ');
    for (const name of ['RateLimit', 'RateLimit-Policy', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Link', 'Retry-After', 'ETag', 'Idempotency-Key', 'Deprecation', 'Sunset']) {
      expect(exposed).toContain(name);
    }
  });

  it('answers a preflight for an unknown path with 404', async () => {
    expect((await rest.api.request('OPTIONS', '/api/v1/nope')).status).toBe(404);
  });
});

describe('caching', () => {
  it.each(GET_PATHS.filter((path) => path !== '/api/v1/health'))('tags %s with an ETag and answers a matching If-None-Match with 304', async (path) => {
    const first = await rest.api.get(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const again = await rest.api.get(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('matches weak, listed and * entity tags, and answers 200 when none matches', async () => {
    const etag = (await rest.api.get('/api/v1/services')).headers.get('etag')!;
    expect((await rest.api.get('/api/v1/services', { 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await rest.api.get('/api/v1/services', { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    expect((await rest.api.get('/api/v1/services', { 'if-none-match': '*' })).status).toBe(304);
    expect((await rest.api.get('/api/v1/services', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('gives different answers different ETags', async () => {
    const pl = (await rest.api.get('/api/v1/services?lang=pl')).headers.get('etag');
    const en = (await rest.api.get('/api/v1/services?lang=en')).headers.get('etag');
    expect(pl).not.toBe(en);
  });

  it('never caches errors or the health answer', async () => {
    expect((await rest.api.get('/api/v1/search')).headers.get('cache-control')).toBe('no-store');
    expect((await rest.api.get('/api/v1/search')).headers.get('etag')).toBeNull();
    expect((await rest.api.get('/api/v1/health')).headers.get('cache-control')).toBe('no-store');
  });

  it('computes an answer once: the same question returns the same bytes', async () => {
    const a = await rest.api.get('/api/v1/search?q=audyt&limit=3');
    const b = await rest.api.get('/api/v1/search?limit=3&q=audyt');
    expect(b.text).toBe(a.text);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
  });
});

describe('Deprecation and Sunset', () => {
  it('are absent by default', async () => {
    const { headers } = await rest.api.get('/api/v1');
    expect(headers.get('deprecation')).toBeNull();
    expect(headers.get('sunset')).toBeNull();
  });

  it('are sent on every answer once configured: Deprecation as @<unix seconds>, Sunset as an HTTP-date', async () => {
    const deprecated = await startRestServer(['--api-deprecation-date', '2027-01-01', '--api-sunset-date', '2027-06-30T12:00:00Z']);
    try {
      for (const path of ['/api/v1/services', '/api/v1/nope']) {
        const { headers } = await deprecated.api.get(path);
        expect(headers.get('deprecation'), path).toBe(`@${Date.parse('2027-01-01T00:00:00Z') / 1000}`);
        expect(headers.get('sunset'), path).toBe('Wed, 30 Jun 2027 12:00:00 GMT');
      }
    } finally {
      await deprecated.server.close();
    }
  });
});

describe('while the site data loads', () => {
  async function startingServer() {
    const server = http.createServer((req, res) => {
      if (!answerWhileStarting(req, res, 'http://localhost:1', '1.1.0')) res.writeHead(503).end('Starting\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('answers /api/v1/health with 503, a Health body and Retry-After', async () => {
    const { server, url } = await startingServer();
    try {
      const response = await fetch(`${url}/api/v1/health`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toEqual({ ok: false, version: '1.1.0', error: expect.stringContaining('loading') });
    } finally {
      server.close();
    }
  });

  it('answers the other endpoints with a 503 unavailable Problem and Retry-After', async () => {
    const { server, url } = await startingServer();
    try {
      const response = await fetch(`${url}/api/v1/search?q=x`);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toMatchObject({ code: 'unavailable', status: 503, type: 'http://localhost:1/api/v1/docs#unavailable', instance: '/api/v1/search' });
    } finally {
      server.close();
    }
  });
});

describe('mounting', () => {
  it('leaves paths outside /api/v1 to the rest of the app', async () => {
    const response = await rawRequest(`${rest.server.url}/api/v2/search`);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).not.toContain('problem+json');
  });
});
