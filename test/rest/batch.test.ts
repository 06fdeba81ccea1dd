import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRestServer, type RestServer } from '../helpers/rest-api.js';

let rest: RestServer;

beforeAll(async () => {
  rest = await startRestServer();
});
afterAll(() => rest?.server.close());
beforeEach(() => rest.clock.advance(60_000));

describe('POST /api/v1/batch', () => {
  it('answers each item with exactly the status and body of the same GET, in request order', async () => {
    const paths = ['/api/v1/search?q=ga4&limit=2', '/api/v1/services?lang=en', '/api/v1/page?url=/pl/nie-ma/', '/api/v1/search', '/api/v1/pages?limit=2', '/api/v1/nope'];
    const { status, body } = await rest.api.batch({ requests: paths.map((path) => ({ path })) });
    expect(status).toBe(200);
    expect(body.responses.map((item: { status: number }) => item.status)).toEqual([200, 200, 404, 400, 200, 404]);
    for (const [index, path] of paths.entries()) {
      const single = await rest.api.get(path);
      expect(body.responses[index], path).toEqual({ id: index, status: single.status, body: single.body });
    }
  });

  it('echoes string and integer ids and defaults a missing id to the position', async () => {
    const { body } = await rest.api.batch({ requests: [{ path: '/api/v1/health', id: 'h' }, { path: '/api/v1/health', id: 42 }, { path: '/api/v1/health' }] });
    expect(body.responses.map((item: { id: unknown }) => item.id)).toEqual(['h', 42, 2]);
  });

  it('takes method GET explicitly', async () => {
    const { body } = await rest.api.batch({ requests: [{ path: '/api/v1/health', method: 'GET' }] });
    expect(body.responses[0].status).toBe(200);
  });

  it.each([
    ['a method other than GET', { path: '/api/v1/health', method: 'POST' }, 'method must be GET'],
    ['a path outside /api/v1', { path: '/mcp' }, 'path must start with /api/v1'],
    ['an absolute URL', { path: 'http://127.0.0.1/api/v1/health' }, 'path must start with /api/v1'],
    ['the batch itself', { path: '/api/v1/batch' }, 'cannot be batched'],
    ['the identity endpoint', { path: '/api/v1/identity' }, 'cannot be batched'],
    ['the OpenAPI document', { path: '/api/v1/openapi.json' }, 'cannot be batched'],
    ['the YAML document', { path: '/api/v1/openapi.yaml' }, 'cannot be batched'],
    ['the guide', { path: '/api/v1/docs/' }, 'cannot be batched'],
  ])('gives %s its own 400 Problem while the other items still run', async (_what, item, detail) => {
    const { status, body } = await rest.api.batch({ requests: [{ path: '/api/v1/health', id: 'before' }, item, { path: '/api/v1/contact?lang=en', id: 'after' }] });
    expect(status).toBe(200);
    expect(body.responses[0]).toMatchObject({ id: 'before', status: 200 });
    expect(body.responses[1]).toMatchObject({ id: 1, status: 400, body: { code: 'invalid-body', status: 400 } });
    expect(body.responses[1].body.detail).toContain(detail);
    expect(body.responses[2]).toMatchObject({ id: 'after', status: 200 });
  });

  it('runs 10 items and refuses 0 or 11 with 400 invalid-body', async () => {
    const item = { path: '/api/v1/health' };
    expect((await rest.api.batch({ requests: Array(10).fill(item) })).status).toBe(200);
    for (const count of [0, 11]) {
      const { status, body } = await rest.api.batch({ requests: Array(count).fill(item) });
      expect(status, String(count)).toBe(400);
      expect(body.code).toBe('invalid-body');
      expect(body.detail).toContain('requests');
    }
  });

  it.each([
    ['a top-level array', '[]'],
    ['a string', '"x"'],
    ['null', 'null'],
    ['no requests', '{}'],
    ['requests that is not an array', '{"requests":{"path":"/api/v1"}}'],
    ['an item without path', '{"requests":[{"id":1}]}'],
    ['an item with an unknown field', '{"requests":[{"path":"/api/v1","verb":"GET"}]}'],
    ['an unknown top-level field', '{"requests":[{"path":"/api/v1"}],"x":1}'],
    ['an id that is an object', '{"requests":[{"path":"/api/v1","id":{}}]}'],
    ['an id that is a fraction', '{"requests":[{"path":"/api/v1","id":1.5}]}'],
    ['__proto__ pollution', '{"requests":[{"path":"/api/v1"}],"__proto__":{"polluted":true}}'],
    ['malformed JSON', '{"requests":'],
  ])('refuses %s with 400 invalid-body', async (_what, text) => {
    const { status, body } = await rest.api.batch(text);
    expect(status).toBe(400);
    expect(body.code).toBe('invalid-body');
    expect(body.detail).not.toMatch(/at .*\.js|node_modules|SyntaxError/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('refuses a %s body with 415 unsupported-media-type', async (_what, headers) => {
    const { status, body } = await rest.api.request('POST', '/api/v1/batch', { headers, body: '{"requests":[{"path":"/api/v1"}]}' });
    expect(status).toBe(415);
    expect(body.code).toBe('unsupported-media-type');
  });

  it('refuses a body without Content-Type with 415', async () => {
    const { status } = await rest.api.request('POST', '/api/v1/batch', { body: new TextEncoder().encode('{"requests":[{"path":"/api/v1"}]}') });
    expect(status).toBe(415);
  });

  it('refuses an unknown Content-Encoding with 415', async () => {
    const { status, body } = await rest.api.request('POST', '/api/v1/batch', { headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-nope' }, body: '{}' });
    expect(status).toBe(415);
    expect(body.code).toBe('unsupported-media-type');
  });

  it('refuses a body over 32 KiB with 413 payload-too-large', async () => {
    const { status, body } = await rest.api.batch({ requests: [{ path: `/api/v1/search?q=${'a'.repeat(40_000)}` }] });
    expect(status).toBe(413);
    expect(body.code).toBe('payload-too-large');
  });

  it('counts the decompressed size, so a small gzip bomb is a 413', async () => {
    const bomb = gzipSync(JSON.stringify({ requests: [{ path: `/api/v1/search?q=${'a'.repeat(5_000_000)}` }] }));
    expect(bomb.length).toBeLessThan(32 * 1024);
    const { status } = await rest.api.request('POST', '/api/v1/batch', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: bomb });
    expect(status).toBe(413);
  });

  it('accepts a gzip-compressed batch', async () => {
    const { status } = await rest.api.request('POST', '/api/v1/batch', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync('{"requests":[{"path":"/api/v1/health"}]}') });
    expect(status).toBe(200);
  });

  it('echoes a valid Idempotency-Key and answers the same on a retry', async () => {
    const batch = { requests: [{ path: '/api/v1/services' }] };
    const first = await rest.api.batch(batch, { 'idempotency-key': 'order-7f3a~!' });
    const retry = await rest.api.batch(batch, { 'idempotency-key': 'order-7f3a~!' });
    expect(first.headers.get('idempotency-key')).toBe('order-7f3a~!');
    expect(retry.body).toEqual(first.body);
  });

  it('sends no Idempotency-Key when none was given', async () => {
    const { headers } = await rest.api.batch({ requests: [{ path: '/api/v1/health' }] });
    expect(headers.get('idempotency-key')).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['with a space', 'a b'],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'klucz-\u00e9'],
  ])('refuses an Idempotency-Key that is %s with 400 naming the header', async (_what, key) => {
    const { status, body } = await rest.api.request('POST', '/api/v1/batch', {
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: '{"requests":[{"path":"/api/v1/health"}]}',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid-parameter' });
    expect(body.detail).toContain('Idempotency-Key');
  });

  it('takes a 255-character Idempotency-Key', async () => {
    const { status } = await rest.api.batch({ requests: [{ path: '/api/v1/health' }] }, { 'idempotency-key': 'k'.repeat(255) });
    expect(status).toBe(200);
  });

  it('counts as one request against the rate limit, however many items it runs', async () => {
    const before = Number((await rest.api.get('/api/v1/health')).headers.get('x-ratelimit-remaining'));
    await rest.api.batch({ requests: Array(10).fill({ path: '/api/v1/health' }) });
    const after = Number((await rest.api.get('/api/v1/health')).headers.get('x-ratelimit-remaining'));
    expect(before - after).toBe(2);
  });

  it('answers GET on /api/v1/batch with 405 and Allow: POST', async () => {
    const { status, headers, body } = await rest.api.get('/api/v1/batch');
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST, OPTIONS');
    expect(body.code).toBe('method-not-allowed');
  });
});
