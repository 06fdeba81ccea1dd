import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../tools/index.js';
import type { AppContext } from '../../src/context.js';
import { directToolCall } from '../../src/mcp/direct-tool-call.js';
import { mcpEndpoint } from '../../src/mcp/http-endpoint.js';
import { testContext } from '../helpers/context.js';
import { rawRequest, type RawResponse } from '../helpers/raw-http.js';

// Plain tools/call requests are answered by the endpoint itself (src/mcp/direct-tool-call.ts);
// the SDK answers everything else. These tests hold the direct answer to the SDK's byte for byte,
// by sending each request to the real endpoint and to one with the direct path turned off.

let ctx: AppContext;
let http: Server;
let base: string;

beforeAll(async () => {
  ctx = await testContext();
  const app = express();
  app.use('/mcp', mcpEndpoint(ctx));
  app.use('/sdk-only/mcp', mcpEndpoint(ctx, ALL_TOOLS, { directToolCalls: false }));
  http = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => http.once('listening', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  await ctx?.close();
});

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const ACCEPT = 'application/json, text/event-stream';

interface Call {
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

function call2025(name: string, args?: Record<string, unknown>, headers: Record<string, string> = { 'mcp-protocol-version': '2025-11-25' }, id: string | number = 7): Call {
  return { headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers }, body: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, ...(args === undefined ? {} : { arguments: args }) } } };
}

function call2026(name: string, args?: Record<string, unknown>, meta: Record<string, unknown> = ENVELOPE, headers: Record<string, string> = {}): Call {
  return {
    headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name, ...headers },
    body: { jsonrpc: '2.0', id: 'call-1', method: 'tools/call', params: { name, ...(args === undefined ? {} : { arguments: args }), _meta: meta } },
  };
}

async function send(path: string, call: Call): Promise<RawResponse> {
  return rawRequest(`${base}${path}`, { method: 'POST', headers: call.headers, body: JSON.stringify(call.body) });
}

async function bothAnswers(call: Call): Promise<{ direct: RawResponse; sdk: RawResponse }> {
  const [direct, sdk] = await Promise.all([send('/mcp', call), send('/sdk-only/mcp', call)]);
  return { direct, sdk };
}

const PLAIN_CALLS: [string, Call][] = [
  ['search_site', call2025('search_site', { query: 'audyt GA4' })],
  ['search_site with a limit and a language', call2025('search_site', { query: 'wdrożenie', lang: 'pl', limit: 2 })],
  ['search_site that finds nothing', call2025('search_site', { query: 'zzzz qqqq' })],
  ['get_page', call2025('get_page', { url: '/pl/uslugi/wdrozenie-ga4/' })],
  ['get_page of a missing page (a tool error)', call2025('get_page', { url: '/pl/nie-ma/' })],
  ['list_services', call2025('list_services', { lang: 'en' })],
  ['get_contact without arguments', call2025('get_contact')],
  ['an unknown argument', call2025('search_site', { query: 'ga4', limt: 3 })],
  ['an argument of the wrong type', call2025('search_site', { query: 42 })],
  ['a string id and no version header', call2025('search_site', { query: 'ga4' }, {}, 'abc')],
  ['version 2025-06-18', call2025('list_services', {}, { 'mcp-protocol-version': '2025-06-18' })],
  ['version 2025-03-26', call2025('list_services', {}, { 'mcp-protocol-version': '2025-03-26' })],
  ['version 2024-11-05', call2025('list_services', {}, { 'mcp-protocol-version': '2024-11-05' })],
  ['search_site at 2026-07-28', call2026('search_site', { query: 'audyt GA4' })],
  ['get_page at 2026-07-28', call2026('get_page', { url: '/en/services/' })],
  ['a tool error at 2026-07-28', call2026('get_page', { url: '/pl/nie-ma/' })],
  ['invalid arguments at 2026-07-28', call2026('list_services', { lang: 'de' })],
  ['a client that gives its title and capabilities at 2026-07-28', call2026('get_contact', undefined, { ...ENVELOPE, 'io.modelcontextprotocol/clientInfo': { name: 'raw', title: 'Raw client', version: '2' }, 'io.modelcontextprotocol/clientCapabilities': { roots: {} } })],
  ['a client that leaves out its client info at 2026-07-28', call2026('search_site', { query: 'ga4' }, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} })],
];

describe('tools/call answered directly', () => {
  it.each(PLAIN_CALLS)('takes %s', (_label, call) => {
    expect(directToolCall(lowerCase(call.headers), call.body, new Map(ALL_TOOLS.map((tool) => [tool.name, tool])))).toBeDefined();
  });

  it.each(PLAIN_CALLS)('answers %s byte for byte as the SDK does', async (_label, call) => {
    const { direct, sdk } = await bothAnswers(call);
    expect(direct.status).toBe(sdk.status);
    expect(direct.headers['content-type']).toBe(sdk.headers['content-type']);
    expect(direct.body).toBe(sdk.body);
  });
});

const LEFT_TO_THE_SDK: [string, Call][] = [
  ['an unknown tool', call2025('no_such_tool', {})],
  ['arguments that are not an object', { ...call2025('search_site'), body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: ['ga4'] } } }],
  ['a progress token', { ...call2025('search_site'), body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { query: 'ga4' }, _meta: { progressToken: 1 } } } }],
  ['an unsupported version header', call2025('search_site', { query: 'ga4' }, { 'mcp-protocol-version': '2023-01-01' })],
  ['a 2026 version header without the envelope', call2025('search_site', { query: 'ga4' }, { 'mcp-protocol-version': '2026-07-28' })],
  ['an Accept without event streams', call2025('search_site', { query: 'ga4' }, { accept: 'application/json' })],
  ['a fractional id', { ...call2025('search_site'), body: { jsonrpc: '2.0', id: 1.5, method: 'tools/call', params: { name: 'search_site', arguments: { query: 'ga4' } } } }],
  ['an Mcp-Name that disagrees with the body', call2026('search_site', { query: 'ga4' }, ENVELOPE, { 'mcp-name': 'get_page' })],
  ['no Mcp-Name header', { ...call2026('search_site', { query: 'ga4' }), headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' } }],
  ['an envelope of another revision', call2026('search_site', { query: 'ga4' }, { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' }, { 'mcp-protocol-version': '2027-01-01' })],
  ['a client that declares the tasks extension', call2026('search_site', { query: 'ga4' }, { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } } })],
  ['a log level in the envelope', call2026('search_site', { query: 'ga4' }, { ...ENVELOPE, 'io.modelcontextprotocol/logLevel': 'debug' })],
];

describe('tools/call left to the SDK', () => {
  it.each(LEFT_TO_THE_SDK)('leaves %s', (_label, call) => {
    expect(directToolCall(lowerCase(call.headers), call.body, new Map(ALL_TOOLS.map((tool) => [tool.name, tool])))).toBeUndefined();
  });

  it.each(LEFT_TO_THE_SDK)('answers %s as the SDK does', async (_label, call) => {
    const { direct, sdk } = await bothAnswers(call);
    expect(direct.status).toBe(sdk.status);
    expect(direct.body).toBe(sdk.body);
  });
});

/** Node gives header names in lower case, as the endpoint sees them. */
function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
