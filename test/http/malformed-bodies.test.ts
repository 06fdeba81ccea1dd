import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { captureLogs } from '../helpers/logs.js';
import { MINI_SITE } from '../helpers/paths.js';
import { rawRequest, type RawResponse } from '../helpers/raw-http.js';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Every POST endpoint, the body type it reads, and how its own errors look on the wire. */
const ENDPOINTS: readonly { path: string; type: string; format: (response: RawResponse) => void }[] = [
  { path: '/mcp', type: JSON_TYPE, format: (r) => expect(JSON.parse(r.body)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: expect.any(Number), message: expect.any(String) } }) },
  { path: '/ask', type: JSON_TYPE, format: (r) => expect(JSON.parse(r.body)).toMatchObject({ _meta: { response_type: 'failure' }, error: { code: expect.any(String), message: expect.any(String) } }) },
  { path: '/api/v1/batch', type: JSON_TYPE, format: problemJson },
  { path: '/oauth/token/', type: FORM_TYPE, format: oauthError },
  { path: '/oauth/register/', type: JSON_TYPE, format: oauthError },
  { path: '/agent/auth/', type: JSON_TYPE, format: oauthError },
  { path: '/agent/auth/claim/', type: JSON_TYPE, format: oauthError },
  { path: '/oauth/authorize/', type: FORM_TYPE, format: (r) => expect(r.headers['content-type']).toMatch(/^text\/html/) },
];

function problemJson(response: RawResponse): void {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(JSON.parse(response.body)).toMatchObject({ status: response.status, code: expect.any(String), detail: expect.any(String) });
}

function oauthError(response: RawResponse): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(response.body)).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
}

/** The malformed bodies a client can send, each with the statuses that describe it. */
const BODIES: readonly { kind: string; statuses: number[]; request: (type: string) => { headers: Record<string, string>; body: string | Buffer } }[] = [
  { kind: 'a body that is not gzip though Content-Encoding says so', statuses: [400], request: (type) => ({ headers: { 'content-type': type, 'content-encoding': 'gzip' }, body: 'notgzip' }) },
  { kind: 'a body in an unknown Content-Encoding', statuses: [415], request: (type) => ({ headers: { 'content-type': type, 'content-encoding': 'x-rot13' }, body: 'a=1' }) },
  { kind: 'a 5 MB body', statuses: [413], request: (type) => ({ headers: { 'content-type': type }, body: type === JSON_TYPE ? `{"a":"${'x'.repeat(5_000_000)}"}` : `a=${'x'.repeat(5_000_000)}` }) },
  { kind: 'a small gzip body that inflates to 5 MB', statuses: [413], request: (type) => ({ headers: { 'content-type': type, 'content-encoding': 'gzip' }, body: gzipSync(`a=${'x'.repeat(5_000_000)}`) }) },
  { kind: 'a form with 1,200 parameters', statuses: [400, 413, 415], request: (type) => ({ headers: { 'content-type': type }, body: Array.from({ length: 1_200 }, (_, i) => `p${i}=1`).join('&') }) },
  { kind: 'an unsupported charset (or one decoded, then refused as content)', statuses: [400, 415], request: (type) => ({ headers: { 'content-type': `${type};charset=koi8-r` }, body: 'a=1' }) },
  { kind: 'malformed JSON', statuses: [400, 415], request: () => ({ headers: { 'content-type': JSON_TYPE }, body: '{"a":' }) },
  { kind: 'a JSON body where a form is expected, or the reverse', statuses: [400, 415], request: (type) => (type === JSON_TYPE ? { headers: { 'content-type': FORM_TYPE }, body: 'a=1' } : { headers: { 'content-type': JSON_TYPE }, body: '{"a":1}' }) },
  { kind: 'a text/plain body', statuses: [400, 415], request: () => ({ headers: { 'content-type': 'text/plain' }, body: 'hello' }) },
  { kind: 'a body without Content-Type', statuses: [400, 415], request: () => ({ headers: {}, body: 'hello' }) },
];

let server: RunningServer;
const logs = captureLogs();
const clock = new FixedClock();

beforeAll(async () => {
  server = await startTestServer(MINI_SITE, [], { clock, logger: logs.logger });
});
afterAll(() => server?.close());
// Per-minute limits of the auth endpoints must not answer first.
beforeEach(() => {
  clock.advance(61_000);
  logs.lines.length = 0;
});

describe.each(ENDPOINTS)('POST $path with a malformed body', ({ path, type, format }) => {
  it.each(BODIES)('answers $kind with a 4xx in its own error format, logged below error level', async ({ request, statuses }) => {
    const { headers, body } = request(type);
    const origin = new URL(server.url).origin;
    const response = await rawRequest(`${server.url}${path}`, {
      method: 'POST',
      // A browser's same-origin form post, so that the consent route reads the body at all.
      headers: { ...headers, accept: 'application/json, text/event-stream', origin, 'sec-fetch-site': 'same-origin', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(statuses, response.body.slice(0, 300)).toContain(response.status);
    format(response);
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
