import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TOOLS } from '../../tools/index.js';
import type { RunningServer } from '../../src/http/serve.js';
import { JSON_ENDPOINTS } from '../../src/rest/endpoints.js';
import { batchRequestSchema } from '../../src/rest/schemas.js';
import { isUnsafeTextIssue } from '../../src/text/plain-text.js';
import { startTestServer } from '../helpers/context.js';

/**
 * One rule for every text a client sends (src/text/unsafe-characters.ts), on every surface:
 * refused with an error that names the field and the character, never echoing the value.
 */

/** Characters each text input must refuse: controls (C0, ESC, C1 NEL), direction controls, invisible format characters, a lone surrogate. */
const UNSAFE: readonly (readonly [string, string])[] = [
  ['NUL', '\u0000'],
  ['ESC (terminal colours)', '\u001b[31m'],
  ['U+0085 NEXT LINE', '\u0085'],
  ['U+202E RIGHT-TO-LEFT OVERRIDE', '\u202e'],
  ['U+2066 LEFT-TO-RIGHT ISOLATE', '\u2066'],
  ['U+200B ZERO WIDTH SPACE', '\u200b'],
  ['U+FEFF BYTE ORDER MARK', '\ufeff'],
  ['U+E0041 TAG LATIN CAPITAL A', '\u{e0041}'],
  ['a lone surrogate', '\ud800'],
];

/** Every string an input schema accepts, by its path (`message`, `requests[].path`): the input side of pipes, both sides of unions. */
function stringInputs(schema: z.ZodType, path = ''): { path: string; schema: z.ZodType }[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) => stringInputs(field, path === '' ? key : `${path}.${key}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return stringInputs(def.innerType as z.ZodType, path);
    case 'pipe':
      return stringInputs(def.in as z.ZodType, path);
    case 'array':
      return stringInputs(def.element as z.ZodType, `${path}[]`);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringInputs(option, path));
    default:
      return [];
  }
}

const toolInputs = ALL_TOOLS.flatMap((tool) => stringInputs(tool.input).map((input) => ({ ...input, where: `${tool.name} ${input.path}` })));
const restInputs = [
  ...JSON_ENDPOINTS.flatMap((endpoint) => endpoint.query.parameters.flatMap((parameter) => stringInputs(parameter.schema).map((input) => ({ ...input, where: `${endpoint.path}?${parameter.name}` })))),
  ...stringInputs(batchRequestSchema).map((input) => ({ ...input, where: `POST /api/v1/batch ${input.path}` })),
];

describe('every text input of every tool and REST endpoint', () => {
  it('is found by the walk (so that a new input cannot slip past the checks below)', () => {
    expect(toolInputs.map((input) => input.where)).toEqual(
      expect.arrayContaining(['search_site query', 'get_page url', 'send_inquiry name', 'send_inquiry email', 'send_inquiry message', 'scan_analytics url', 'get_scan_result scan_id']),
    );
    expect(restInputs.map((input) => input.where)).toEqual(expect.arrayContaining(['/api/v1/search?q', '/api/v1/page?url', '/api/v1/pages?cursor', 'POST /api/v1/batch requests[].path']));
  });

  it.each([...toolInputs, ...restInputs].flatMap((input) => UNSAFE.map(([name, char]) => [input.where, name, input.schema, char] as const)))(
    '%s refuses %s by the text rule',
    (_where, _name, schema, char) => {
      const result = schema.safeParse(`ga4 ${char} audyt`);
      expect(result.success).toBe(false);
      expect(result.error!.issues.some(isUnsafeTextIssue)).toBe(true);
    },
  );
});

describe('on the wire', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function searchSite(query: string): Promise<{ isError?: boolean; content: { text: string }[]; structuredContent?: unknown }> {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_site', arguments: { query } } }),
    });
    return ((await response.json()) as { result: { isError?: boolean; content: { text: string }[] } }).result;
  }

  it.each(['\u0000', '\u001b[31m', '\u202e'])('MCP search_site refuses %j with a tool error naming query, and does not echo it', async (char) => {
    const result = await searchSite(`ga4${char}x`);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]!.text).toMatch(/^\[invalid-argument\] Invalid arguments for search_site: query: contains U\+[0-9A-F]{4}, /);
    expect(result.content[0]!.text).not.toContain(char);
  });

  it.each([
    ['%C2%85', 'U+0085'],
    ['%E2%80%AE', 'U+202E'],
    ['%E2%81%A6', 'U+2066'],
    ['%EF%BB%BF', 'U+FEFF'],
  ])('REST q refuses %s with a 400 invalid-parameter problem naming q and the character', async (escape, codePoint) => {
    const response = await fetch(`${server.url}/api/v1/search?q=ga4${escape}x`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await response.json()) as { code: string; detail: string };
    expect(problem.code).toBe('invalid-parameter');
    expect(problem.detail).toBe(`Parameter "q" contains ${codePoint}, ${codePoint === 'U+0085' ? 'a control character' : codePoint === 'U+FEFF' ? 'an invisible format character' : 'an invisible direction control'}; send one line of plain text without it.`);
  });

  it('REST refuses the same in a parameter name, without repeating it', async () => {
    const response = await fetch(`${server.url}/api/v1/search?q=ga4&x%E2%80%AE=1`);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toBe('A parameter name contains U+202E, an invisible direction control; send one line of plain text without it.');
  });

  it('the batch refuses it in a request id', async () => {
    const response = await fetch(`${server.url}/api/v1/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ path: '/api/v1/search?q=ga4', id: 'a\u202eb' }] }),
    });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toContain('requests[0].id: contains U+202E, an invisible direction control');
    expect(problem.detail).not.toContain('\u202e');
  });

  it.each(['\u0000', '\u202e', '\u200b'])('/ask refuses %j in the question, naming query', async (char) => {
    const response = await fetch(`${server.url}/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `ga4${char}x` }) });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toMatch(/query contains U\+[0-9A-F]{4}/);
    expect(text).not.toContain(char);
  });
});
