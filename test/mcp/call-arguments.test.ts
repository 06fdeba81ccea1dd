import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { startTestServer } from '../helpers/context.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface JsonRpcAnswer {
  readonly id: number | null;
  readonly result?: { isError?: boolean; content: { type: string; text: string }[] };
  readonly error?: { code: number; message: string; data?: unknown };
}

/** One tools/call as a 2025-11-25 client sends it, with the body exactly as given (no client library in between). */
async function rawToolsCall(body: string): Promise<JsonRpcAnswer> {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body,
  });
  return (await response.json()) as JsonRpcAnswer;
}

describe('tools/call whose params are not an object of arguments', () => {
  it.each([
    ['an array', '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_site","arguments":["audyt"]}}'],
    ['a string', '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_site","arguments":"audyt"}}'],
    ['null', '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_site","arguments":null}}'],
  ])('answers arguments that are %s with -32602 saying arguments must be an object', async (_kind, body) => {
    const answer = await rawToolsCall(body);
    expect(answer.id).toBe(3);
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toMatch(/arguments must be a JSON object/);
  });

  it('answers a call without params with -32602 saying which tool to name', async () => {
    const answer = await rawToolsCall('{"jsonrpc":"2.0","id":4,"method":"tools/call"}');
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toMatch(/params\.name/);
  });

  it('answers a call whose name is not a string with -32602', async () => {
    const answer = await rawToolsCall('{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":7,"arguments":{}}}');
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.message).toMatch(/params\.name/);
  });

  it('never shows the validator\'s raw issue list', async () => {
    const answer = await rawToolsCall('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_site","arguments":[]}}');
    expect(answer.error?.message).not.toMatch(/"code"|expected|invalid_type|\[\s*\{/);
  });
});

describe('tools/call arguments named __proto__', () => {
  it('refuses them as an unknown argument instead of dropping them', async () => {
    const answer = await rawToolsCall('{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"search_site","arguments":{"query":"audyt","__proto__":{"limit":1}}}}');
    expect(answer.result?.isError).toBe(true);
    expect(answer.result?.content[0]?.text).toContain('unknown argument "__proto__"');
  });
});
