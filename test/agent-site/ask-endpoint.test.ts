import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { schemaOrgFor } from '../../src/structured-data/schema-org.js';
import { validateStructuredData } from '../../src/structured-data/validate.js';
import { startTestServer } from '../helpers/context.js';
import { connectHttp } from '../helpers/mcp-client.js';
import { SAMPLE_SITE } from '../helpers/paths.js';
import { rawRequest } from '../helpers/raw-http.js';

let server: RunningServer;
let client: Client;
let base: string;

beforeAll(async () => {
  server = await startTestServer(SAMPLE_SITE);
  base = server.ctx.content.current().urls.publicBaseUrl;
  client = await connectHttp(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

type Json = Record<string, any>;

function ask(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function answer(body: unknown): Promise<Json> {
  const response = await ask(body);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (await response.json()) as Json;
}

/** The events of a text/event-stream body, read by a real SSE parser as a client reads them. */
async function events(response: Response): Promise<EventSourceMessage[]> {
  const received: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => received.push(event) });
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  return received;
}

/** The page URLs search_site returns for the same arguments, over MCP. */
async function searchSiteUrls(args: Record<string, unknown>): Promise<string[]> {
  const result = (await client.callTool({ name: 'search_site', arguments: args })) as CallToolResult;
  return ((result.structuredContent as Json).data as Json[]).map((page) => page.url as string);
}

describe('POST /ask, JSON answers', () => {
  it('answers the structured shape with _meta and schema.org results', async () => {
    const body = await answer({ query: { text: 'wdrożenie GA4 cena' }, meta: { version: '0.54' } });
    expect(body._meta).toEqual({ response_type: 'answer', version: '0.54', response_format: 'conv_search', mode: 'list' });
    expect(body.query_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.results.length).toBeGreaterThan(0);
    const first = body.results[0] as Json;
    expect(Object.keys(first).sort()).toEqual(['@type', 'description', 'name', 'schema_object', 'score', 'site', 'url']);
    expect(first.site).toBe(new URL(base).host);
    expect(first.score).toBe(100);
    const page = server.ctx.content.current().site.page(new URL(first.url).pathname)!;
    expect(first).toMatchObject({ name: page.title, description: page.description, '@type': first.schema_object['@type'] });
    expect(first.schema_object).toEqual(schemaOrgFor(page, server.ctx.content.current()));
  });

  it('answers the flat shape with the same results as the structured one', async () => {
    const flat = await answer({ query: 'consent mode v2', num_results: 5 });
    const structured = await answer({ query: { text: 'consent mode v2', num_results: 5 } });
    expect(flat.results).toEqual(structured.results);
    expect(flat._meta).toEqual(structured._meta);
  });

  it.each([
    [{ query: 'wdrożenie GA4' }, { query: 'wdrożenie GA4', limit: 10 }],
    [{ query: 'server side tagging', num_results: 3 }, { query: 'server side tagging', limit: 3 }],
    [{ query: 'Kraków', lang: 'pl' }, { query: 'Kraków', lang: 'pl', limit: 10 }],
    [{ query: 'o nas' }, { query: 'o nas', limit: 10 }],
  ])('finds the pages search_site finds for %j, in the same order', async (request, toolArguments) => {
    const body = await answer(request);
    expect(body.results.map((result: Json) => result.url)).toEqual(await searchSiteUrls(toolArguments));
    expect(body.results.map((result: Json) => result.score)).toEqual(body.results.map((_: unknown, index: number) => 100 - index));
  });

  it('gives schema objects that pass the schema.org rules', async () => {
    const body = await answer({ query: 'analytics', num_results: 25 });
    for (const result of body.results as Json[]) expect(validateStructuredData(result.schema_object).valid).toBe(true);
  });

  it('searches the decontextualized query when the client sends one', async () => {
    const body = await answer({ query: 'and how much is it?', prev: ['GA4 implementation'], decontextualized_query: 'GA4 implementation price', lang: 'en' });
    expect(body.query).toBe('GA4 implementation price');
    expect(body.results.map((result: Json) => result.url)).toEqual(await searchSiteUrls({ query: 'GA4 implementation price', lang: 'en', limit: 10 }));
  });

  it('keeps to the preferred language when the site has it', async () => {
    const body = await answer({ query: { text: 'GA4' }, prefer: { 'accept-language': 'en-GB' } });
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((result: Json) => result.url.startsWith(`${base}/en/`))).toBe(true);
  });

  it.each(['summarize', 'generate'])('answers mode %s with the list and says so in _meta', async (mode) => {
    const body = await answer({ query: { text: 'audyt GTM' }, prefer: { mode } });
    expect(body._meta).toMatchObject({ response_type: 'answer', mode: 'list', requested_mode: mode });
    expect(body._meta.notice).toContain('nothing was summarized or generated');
    expect(body.results.map((result: Json) => result.url)).toEqual(await searchSiteUrls({ query: 'audyt GTM', limit: 10 }));
  });

  it('says so when nothing matched', async () => {
    const body = await answer({ query: 'kwzxq' });
    expect(body.results).toEqual([]);
    expect(body._meta.notice).toMatch(/^No page matched/);
  });

  it('echoes the client\'s query_id', async () => {
    expect((await answer({ query: 'ga4', query_id: 'conv-7.turn-2' })).query_id).toBe('conv-7.turn-2');
  });

  it('answers GET with query parameters (the flat shape)', async () => {
    const response = await fetch(`${server.url}/ask?query=${encodeURIComponent('szkolenia z analityki')}&num_results=2`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body.results.map((result: Json) => result.url)).toEqual(await searchSiteUrls({ query: 'szkolenia z analityki', limit: 2 }));
  });

  it('answers a form body as the flat shape', async () => {
    const response = await fetch(`${server.url}/ask`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'query=looker+studio&num_results=1' });
    expect(((await response.json()) as Json).results).toHaveLength(1);
  });

  it('lets browsers on any origin ask (CORS preflight and response)', async () => {
    const preflight = await fetch(`${server.url}/ask`, {
      method: 'OPTIONS',
      headers: { origin: 'https://widget.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Content-Type');
    expect((await ask({ query: 'ga4' }, { origin: 'https://widget.example' })).headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('POST /ask, streamed answers (Server-Sent Events)', () => {
  it('streams start, one result event per result and complete when prefer.streaming is true', async () => {
    const response = await ask({ query: { text: 'consent mode v2', num_results: 4 }, prefer: { streaming: true } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-length')).toBeNull();
    const received = await events(response);
    expect(received.map((event) => event.event)).toEqual(['start', 'result', 'result', 'result', 'result', 'complete']);

    const start = JSON.parse(received[0]!.data) as Json;
    expect(start._meta).toEqual({ response_type: 'answer', version: '0.54', response_format: 'conv_search', mode: 'list', streaming: true });
    const complete = JSON.parse(received.at(-1)!.data) as Json;
    expect(complete).toEqual({ _meta: { ...start._meta, total_items: 4 }, query_id: start.query_id });

    const streamed = received.filter((event) => event.event === 'result').map((event) => JSON.parse(event.data) as Json);
    expect(streamed.map((event) => event.index)).toEqual([0, 1, 2, 3]);
    const json = await answer({ query: { text: 'consent mode v2', num_results: 4 } });
    expect(streamed.map((event) => event.item)).toEqual(json.results);
  });

  it('streams the flat shape when streaming is true', async () => {
    const received = await events(await ask({ query: 'ga4', streaming: true, num_results: 2 }));
    expect(received.map((event) => event.event)).toEqual(['start', 'result', 'result', 'complete']);
  });

  it('streams when the client accepts only text/event-stream and did not say otherwise', async () => {
    const response = await fetch(`${server.url}/ask?query=ga4&num_results=1`, { headers: { accept: 'text/event-stream' } });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('vary')).toContain('Accept');
    expect((await events(response)).map((event) => event.event)).toEqual(['start', 'result', 'complete']);
  });

  it('answers with JSON when streaming is explicitly false, whatever Accept says', async () => {
    const response = await ask({ query: { text: 'ga4' }, prefer: { streaming: false } }, { accept: 'text/event-stream' });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('streams a mode notice and an empty answer like the JSON ones', async () => {
    const received = await events(await ask({ query: { text: 'kwzxq' }, prefer: { streaming: true, mode: 'summarize' } }));
    expect(received.map((event) => event.event)).toEqual(['start', 'complete']);
    const complete = JSON.parse(received[1]!.data) as Json;
    expect(complete._meta).toMatchObject({ requested_mode: 'summarize', total_items: 0 });
    expect(complete._meta.notice).toContain('No page matched');
  });
});

describe('POST /ask, bad requests', () => {
  async function failure(response: Response): Promise<Json> {
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as Json;
    expect(body._meta).toEqual({ response_type: 'failure', version: '0.54' });
    expect(Object.keys(body.error).sort()).toEqual(expect.arrayContaining(['code', 'message']));
    return body.error as Json;
  }

  it('names the missing question (400 INVALID_PARAMETER)', async () => {
    const response = await ask({ query: { site: 'all' } });
    expect(response.status).toBe(400);
    expect(await failure(response)).toEqual({ code: 'INVALID_PARAMETER', message: 'query.text is required.', details: { parameter: 'query.text' } });
  });

  it('refuses a question over 500 characters', async () => {
    const response = await ask({ query: 'a'.repeat(501) });
    expect(response.status).toBe(400);
    expect((await failure(response)).message).toBe('query must be at most 500 characters.');
  });

  it('refuses more than ten earlier questions', async () => {
    const response = await ask({ query: { text: 'x' }, context: { prev: Array.from({ length: 11 }, () => 'earlier') } });
    expect(response.status).toBe(400);
    expect((await failure(response)).details).toEqual({ parameter: 'context.prev' });
  });

  it('refuses JSON that does not parse (400 INVALID_BODY), without the parser\'s words', async () => {
    const response = await ask('{"query":');
    expect(response.status).toBe(400);
    expect(await failure(response)).toEqual({ code: 'INVALID_BODY', message: 'The body is not valid JSON. Send {"query": "your question"} or {"query": {"text": "your question"}}.' });
  });

  it('refuses __proto__ and constructor.prototype members', async () => {
    for (const body of ['{"query":"x","__proto__":{"polluted":true}}', '{"query":"x","constructor":{"prototype":{"polluted":true}}}']) {
      const response = await ask(body);
      expect(response.status).toBe(400);
      expect((await failure(response)).code).toBe('INVALID_BODY');
    }
    expect(({} as Json).polluted).toBeUndefined();
  });

  it('refuses a body that is neither JSON nor a form (415)', async () => {
    const response = await fetch(`${server.url}/ask`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'what does GA4 cost?' });
    expect(response.status).toBe(415);
    expect((await failure(response)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over 32 KB (413)', async () => {
    const response = await ask({ query: 'x', padding: 'y'.repeat(40_000) });
    expect(response.status).toBe(413);
    expect((await failure(response)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers other methods with 405 and Allow', async () => {
    const response = await fetch(`${server.url}/ask`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect((await failure(response)).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('refuses a question about another site', async () => {
    const response = await ask({ query: { text: 'ga4', site: 'competitor.example' } });
    expect(response.status).toBe(400);
    expect((await failure(response)).message).toBe('query.site: this server answers for miarka.example only; omit query.site or send "all".');
  });

  it('accepts this site named by its host, its public origin or "all"', async () => {
    for (const site of ['miarka.example', 'https://www.miarka.example/', new URL(base).host, 'all']) {
      expect((await ask({ query: 'ga4', site })).status).toBe(200);
    }
  });

  it('refuses a repeated query parameter on GET', async () => {
    const response = await fetch(`${server.url}/ask?query=a&query=b`);
    expect(response.status).toBe(400);
    expect((await failure(response)).message).toBe('query must be given once, as a string.');
  });

  it('never answers a malformed request with a 500', async () => {
    const bodies = [
      '',
      'null',
      '[]',
      '"ga4"',
      '123',
      '{"query":null}',
      '{"query":[]}',
      '{"query":{"text":["a"]}}',
      '{"query":{"text":"x"},"context":[]}',
      '{"query":{"text":"x"},"meta":"0.54"}',
      '{"query":"x","prev":{"0":"a"}}',
      '{"query":"x","num_results":"1e3"}',
      '{"query":"x","num_results":-1}',
      '{"query":"x","streaming":null}',
      '{"query":"\\ud800"}',
      `{"query":"${'\\u0007'.repeat(3)}"}`,
      '{"query":"x","lang":42}',
      '{"query":"x","query_id":""}',
    ];
    for (const body of bodies) {
      const response = await ask(body);
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
      await failure(response);
    }
  });

  it('treats a bad percent escape in GET parameters as text, never as a server error', async () => {
    const response = await rawRequest(`${server.url}/ask?query=%E0%A4%A&num_results=1`);
    expect(response.status).toBe(200);
  });
});
