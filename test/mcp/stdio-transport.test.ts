import { spawn } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio } from '../helpers/mcp-client.js';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';

describe('MCP over stdio (the built CLI, as desktop assistants launch it)', () => {
  let client: Client;
  let transport: StdioClientTransport;

  beforeAll(async () => {
    ({ client, transport } = await connectStdio([], { CONTENT_DIR: MINI_SITE }));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates the latest protocol and names itself', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'site-content-mcp', version: '1.1.0' });
  });

  it('lists the tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['search_site', 'get_page', 'list_services', 'get_contact']));
  });

  it('returns URLs on the real website, since nothing is served locally', async () => {
    const result = await client.callTool({ name: 'get_page', arguments: { url: '/pl/kontakt/' } });
    expect(result.structuredContent).toMatchObject({ url: 'https://testowa.example/pl/kontakt/' });
  });

  it('reads a resource', async () => {
    const { contents } = await client.readResource({ uri: 'https://testowa.example/pricing.md' });
    expect((contents[0] as { text: string }).text).toContain('3\u00a0900\u00a0zł');
  });

  it('answers a call with bad arguments with an isError result and keeps running', async () => {
    const result = await client.callTool({ name: 'search_site', arguments: { query: '' } });
    expect(result.isError).toBe(true);
    await expect(client.ping()).resolves.toEqual({});
  });

  it('writes nothing but the protocol to stdout (logs go to stderr)', () => {
    expect(transport.stderr).not.toBeNull();
  });
});

/** Runs the CLI with input on stdin, collecting both streams and the exit code. */
function runCli(args: string[], input: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('the stdio process', () => {
  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });

  it('exits 0 at the end of its input, with only JSON-RPC on stdout', async () => {
    const { code, stdout, stderr } = await runCli([], `${initialize}\n`, { CONTENT_DIR: MINI_SITE });
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } });
    expect(stderr).toContain('"msg":"site loaded"');
  });

  it('answers a malformed line with a parse error and keeps serving', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    const { code, stdout } = await runCli([], `{not json\n${initialize}\n${ping}\n`, { CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'silent' });
    expect(code).toBe(0);
    const messages = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id?: number; error?: { code: number } });
    expect(messages.find((message) => message.id === 2)).toMatchObject({ result: {} });
  });

  it('answers tools/call arguments that are not an object with -32602 and a sentence, and a __proto__ argument as unknown', async () => {
    const badShape = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_site', arguments: 'kontakt' } });
    const proto = '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"search_site","arguments":{"query":"kontakt","__proto__":{}}}}';
    const { stdout } = await runCli([], `${initialize}\n${badShape}\n${proto}\n`, { CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'silent' });
    const messages = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id?: number; error?: { code: number; message: string }; result?: { isError?: boolean; content: { text: string }[] } });
    expect(messages.find((message) => message.id === 3)?.error).toMatchObject({ code: -32602, message: expect.stringContaining('params.arguments must be a JSON object') });
    const refused = messages.find((message) => message.id === 4)?.result;
    expect(refused?.isError).toBe(true);
    expect(refused?.content[0]?.text).toContain('unknown argument "__proto__"');
  });

  it('speaks 2026-07-28 to a client that opens with it (no initialize)', async () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const discover = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } });
    const call = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_contact', arguments: {}, _meta: envelope } });
    const { code, stdout } = await runCli([], `${discover}\n${call}\n`, { CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'silent' });
    expect(code).toBe(0);
    const messages = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id?: number; result?: Record<string, unknown> });
    expect(messages.find((message) => message.id === 1)?.result).toMatchObject({ supportedVersions: ['2026-07-28'], capabilities: { tools: {}, resources: {} } });
    expect(messages.find((message) => message.id === 2)?.result).toMatchObject({ resultType: 'complete', structuredContent: expect.any(Object) });
  });

  it('exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [BUILT_CLI], { env: { PATH: process.env.PATH ?? '', CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'info' } });
    await new Promise<void>((resolve) => child.stderr.on('data', (chunk: Buffer) => chunk.toString().includes('serving MCP over stdio') && resolve()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('a client that goes away', () => {
  it('ends the session quietly when the client closes our stdout before we answer', async () => {
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    const child = spawn(process.execPath, [BUILT_CLI], { env: { PATH: process.env.PATH ?? '', CONTENT_DIR: MINI_SITE, LOG_LEVEL: 'error' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.destroy();
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.end(`${initialize}\n`);
    expect(await exited).toBe(0);
    expect(stderr).not.toContain('EPIPE');
  });
});
