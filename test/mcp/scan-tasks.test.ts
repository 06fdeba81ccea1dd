import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import type http from 'node:http';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/serve.js';
import { scanStatusSchema } from '../../tools/scan-schemas.js';
import { FixedClock } from '../helpers/clock.js';
import { startTestServer } from '../helpers/context.js';
import { startFixtureSite, startHeldSite, type FixtureSite } from '../helpers/fixture-site.js';
import { BUILT_CLI, MINI_SITE } from '../helpers/paths.js';
import { RecordingMailer, unhurriedScanSettings } from '../helpers/scan-context.js';
import { post2025 as post2025Raw, post2026 as post2026Raw, type RpcBody } from '../helpers/mcp-raw.js';

/**
 * Scans as tasks (SEP-2663) over stateless HTTP: a client that declares the tasks extension gets
 * a task for a scan that outlives the call and follows it with tasks/get; any other client gets
 * today's answer and keeps get_scan_result.
 */
let server: RunningServer;
let slow: FixtureSite;
let release: () => void = () => {};
let stuck: FixtureSite;
const stuckRequests: http.ServerResponse[] = [];
const clock = new FixedClock(Date.parse('2026-11-21T12:00:00Z'));
let address = 0;
const freshEmail = () => `owner${(address += 1)}@acme-heating.co.uk`;

const TASKS = 'io.modelcontextprotocol/tasks';
const WITH_TASKS = { extensions: { [TASKS]: {} } };

beforeAll(async () => {
  ({ site: slow, release } = await startHeldSite());
  // Never answers until the test ends: a scan of it stays running.
  stuck = await startFixtureSite({ '/': (_req, res) => void stuckRequests.push(res) });
  server = await startTestServer(MINI_SITE, ['--scan-allow-private-targets', '1', '--scan-wait-seconds', '0'], {
    clock,
    reportMailer: new RecordingMailer(),
    scanSettings: (defaults) => unhurriedScanSettings(defaults, { callBudgetMs: 0 }),
  });
});
afterAll(async () => {
  release();
  for (const res of stuckRequests.splice(0)) res.destroy();
  await server?.ctx.scans.drain();
  await server?.close();
  await slow?.close();
  await stuck?.close();
});

const post2026 = (method: string, params: Record<string, unknown>, capabilities: Record<string, unknown>, headers: Record<string, string> = {}) => post2026Raw(server.url, method, params, capabilities, headers);
const post2025 = (method: string, params: Record<string, unknown>, capabilities?: Record<string, unknown>) => post2025Raw(server.url, method, params, capabilities);

const scanArgs = () => ({ name: 'scan_ai_visibility', arguments: { url: `${slow.origin}/`, email: freshEmail(), consent: true } });

describe('scans as tasks over HTTP', () => {
  it('advertise the tasks extension in server/discover', async () => {
    const discovered = await post2026('server/discover', {}, {});
    expect((discovered.result?.capabilities as { extensions?: Record<string, unknown> }).extensions).toHaveProperty([TASKS]);
  });

  it('a scan that outlives the call is a task the client polls with tasks/get to completed, with the result inlined', async () => {
    const created = await post2026('tools/call', scanArgs(), WITH_TASKS);
    expect(created.error).toBeUndefined();
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 86_400_000, pollIntervalMs: 5000, createdAt: '2026-11-21T12:00:00.000Z' });
    const taskId = created.result!.taskId as string;
    expect(taskId).toMatch(/^scan_[A-Za-z0-9_-]{22}$/);
    expect(created.result).not.toHaveProperty('content');
    // Who answered, as every 2026-07-28 result of the SDK says.
    expect(created.result!._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': expect.objectContaining({ name: 'site-content-mcp', version: '1.1.0' }) });

    const working = await post2026('tasks/get', { taskId }, WITH_TASKS);
    expect(working.result).toMatchObject({ resultType: 'complete', taskId, status: 'working' });
    expect(working.result).not.toHaveProperty('result');

    release();
    await server.ctx.scans.drain();
    const completed = await post2026('tasks/get', { taskId }, WITH_TASKS);
    expect(completed.result).toMatchObject({ resultType: 'complete', taskId, status: 'completed' });
    expect(completed.result).not.toHaveProperty('pollIntervalMs');
    const inlined = completed.result!.result as { content: { text: string }[]; structuredContent: unknown };
    const status = scanStatusSchema.parse(inlined.structuredContent);
    expect(status).toMatchObject({ scan_id: taskId, status: 'done', result: { outcome: 'graded' } });
    expect(JSON.parse(inlined.content[0]!.text)).toEqual(inlined.structuredContent);
  });

  it('a 2025-11-25 client that declares the extension gets the same task and the same tasks/get', async () => {
    const created = await post2025('tools/call', scanArgs(), WITH_TASKS);
    expect(created.result).toMatchObject({ resultType: 'task', status: expect.stringMatching(/^(working|completed)$/) });
    expect(created.result).not.toHaveProperty('_meta');
    const polled = await post2025('tasks/get', { taskId: created.result!.taskId }, WITH_TASKS);
    expect(polled.result).toMatchObject({ taskId: created.result!.taskId });
    await server.ctx.scans.drain();
  });

  it('a client without the extension gets today\'s answer: a running status with a scan_id for get_scan_result', async () => {
    const answer = await post2026('tools/call', { ...scanArgs(), arguments: { ...scanArgs().arguments, url: `${slow.origin}/` } }, {});
    expect(answer.result).toMatchObject({ resultType: 'complete' });
    expect(answer.result).not.toHaveProperty('isError');
    expect(answer.result).not.toHaveProperty('taskId');
    const status = scanStatusSchema.parse(answer.result!.structuredContent);
    expect(['running', 'done']).toContain(status.status);
    const legacy = await post2025('tools/call', scanArgs());
    expect(legacy.result).not.toHaveProperty('resultType');
    expect(scanStatusSchema.parse(legacy.result!.structuredContent).scan_id).toMatch(/^scan_/);
    await server.ctx.scans.drain();
  });

  it('a scan that could not finish (here: abandoned by a restart) is a completed task whose result is what get_scan_result says', async () => {
    const created = await post2026('tools/call', { ...scanArgs(), arguments: { ...scanArgs().arguments, url: `${stuck.origin}/` } }, WITH_TASKS);
    const taskId = created.result!.taskId as string;
    clock.advance(11 * 60_000); // past the scan deadline and the minute after which a running job counts as abandoned
    try {
      // SEP-2663 keeps `failed` for protocol-level errors; a scan's own failure is its tool's answer.
      const ended = await post2026('tasks/get', { taskId }, WITH_TASKS);
      expect(ended.result).toMatchObject({ resultType: 'complete', taskId, status: 'completed' });
      expect(ended.result).not.toHaveProperty('error');
      const toolResult = (ended.result as { result: { structuredContent: unknown } }).result;
      expect(scanStatusSchema.parse(toolResult.structuredContent)).toMatchObject({ scan_id: taskId, status: 'failed', error: expect.stringContaining('interrupted') });
      const direct = await post2025('tools/call', { name: 'get_scan_result', arguments: { scan_id: taskId } });
      expect(toolResult.structuredContent).toEqual(direct.result!.structuredContent);
    } finally {
      clock.advance(-11 * 60_000);
      for (const res of stuckRequests.splice(0)) res.destroy();
      await server.ctx.scans.drain();
    }
  });

  it('tasks/get without the extension is refused with Missing Required Client Capability, naming what to declare', async () => {
    const refused = await post2026('tasks/get', { taskId: 'scan_AAAAAAAAAAAAAAAAAAAAAA' }, {});
    expect(refused.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [TASKS]: {} } } } });
    expect(refused.error!.message).toContain(TASKS);
  });

  it('tasks/get for an unknown task id is a clear invalid-params error', async () => {
    const unknown = await post2026('tasks/get', { taskId: 'scan_doesnotexistdoesnotex' }, WITH_TASKS);
    expect(unknown.error).toMatchObject({ code: -32602, data: { taskId: 'scan_doesnotexistdoesnotex' } });
    expect(unknown.error!.message).toMatch(/No task with id "scan_doesnotexistdoesnotex"/);
    const missing = await post2026('tasks/get', {}, WITH_TASKS);
    expect(missing.error).toMatchObject({ code: -32602, message: expect.stringContaining('params.taskId') });
  });

  it('a scan call whose routing headers disagree with its body is refused as any other call is (HeaderMismatch)', async () => {
    const answer = await post2026('tools/call', scanArgs(), WITH_TASKS, { 'mcp-name': 'get_contact' });
    expect(answer.result).toBeUndefined();
    expect(answer.error?.code).toBe(-32020);
  });

  it('tasks/result and tasks/list, removed by SEP-2663, are method not found', async () => {
    for (const method of ['tasks/result', 'tasks/list']) {
      const answer = await post2026(method, method === 'tasks/list' ? {} : { taskId: 'scan_AAAAAAAAAAAAAAAAAAAAAA' }, WITH_TASKS);
      expect(answer.error?.code, method).toBe(-32601);
    }
  });

  it('invalid arguments from a client with the extension get today\'s readable argument error and start nothing', async () => {
    const answer = await post2026('tools/call', { name: 'scan_ai_visibility', arguments: { url: `${slow.origin}/`, email: freshEmail(), consent: false } }, WITH_TASKS);
    expect(answer.result).toMatchObject({ isError: true });
    expect((answer.result!.content as { text: string }[])[0]!.text).toMatch(/^\[invalid-argument\]/);
  });
});

/** The built CLI over stdio, spoken to line by line as a desktop client does; scans run on the site's server. */
describe('scans as tasks over stdio (passed on to the site\'s own server)', () => {
  let child: ChildProcessWithoutNullStreams;
  const answers = new Map<number, (message: RpcBody) => void>();
  let nextId = 100;

  beforeAll(() => {
    child = spawn(process.execPath, [BUILT_CLI], { env: { PATH: process.env.PATH ?? '', CONTENT_DIR: MINI_SITE, REMOTE_MCP_URL: `${server.url}/mcp`, LOG_LEVEL: 'error' } });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as RpcBody & { id?: number };
      if (typeof message.id === 'number') answers.get(message.id)?.(message);
    });
  });
  afterAll(async () => {
    child.stdin.end();
    await once(child, 'close');
  });

  function request(method: string, params: Record<string, unknown>): Promise<RpcBody> {
    const id = (nextId += 1);
    const answered = new Promise<RpcBody>((resolve) => answers.set(id, resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return answered;
  }

  it('a client that declared the extension at initialize gets a task for a long scan and polls it to completed', async () => {
    const initialized = await request('initialize', { protocolVersion: '2025-11-25', capabilities: WITH_TASKS, clientInfo: { name: 'desktop', version: '1' } });
    expect(initialized.result).toMatchObject({ capabilities: { extensions: { [TASKS]: {} } } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);

    const created = await request('tools/call', { ...scanArgs(), arguments: { ...scanArgs().arguments, url: `${slow.origin}/` } });
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: 5000 });
    const taskId = created.result!.taskId as string;

    await server.ctx.scans.drain();
    const completed = await request('tasks/get', { taskId });
    expect(completed.result, JSON.stringify(completed.result)).toMatchObject({ taskId, status: 'completed', result: { structuredContent: { scan_id: taskId, status: 'done' } } });

    const unknown = await request('tasks/get', { taskId: 'scan_doesnotexistdoesnotex' });
    expect(unknown.error).toMatchObject({ code: -32602, message: expect.stringContaining('No task with id') });
  });
});
